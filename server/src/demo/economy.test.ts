import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helpers";
import { seedDemo } from "./seed";
import { DEMO_PASSWORD } from "./accounts";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("demo economy", () => {
  it("gives demo students coins, items, a stocked shop and redeemable codes", async () => {
    ctx = createTestApp();
    await seedDemo(ctx.deps);
    const login = await ctx.request("POST", "/api/users/login", { body: { username: "emma.petit", password: DEMO_PASSWORD } });
    const { token } = (await login.json()) as { token: string };
    const inv = (await (await ctx.request("GET", "/api/coins/inventory", { token })).json()) as Record<string, any>;
    expect(inv.coins).toBe(1200);
    expect(inv).toMatchObject({ equippedItemId: 1, selectedBorderColor: "gold" });
    expect(inv.purchasedItems.map((i: { itemId: number }) => i.itemId)).toEqual(expect.arrayContaining([0, 1, 14]));
    const shop = (await (await ctx.request("GET", "/api/coins/weekly-items", { token })).json()) as Record<string, any>;
    expect(shop.weeklyItems).toHaveLength(6);
    for (const code of ["rentree26", "CADEAU-25", "SUPER777"]) {
      const res = await ctx.request("POST", "/api/redeem-codes/redeem", { token, body: { code } });
      expect(res.status, code).toBe(200);
    }
  });
});

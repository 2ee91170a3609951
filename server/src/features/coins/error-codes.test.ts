import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { fastUsers } from "./test-kit";

// Clients branch on these codes (never on the French text), so each refusal names what happened.
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = createTestApp();
  token = (await fastUsers(ctx, 1))[0]!.token;
});
afterAll(() => ctx.close());

async function refusal(method: string, url: string, body?: unknown) {
  const res = await ctx.request(method, url, { token, body });
  return { status: res.status, ...((await res.json()) as { code: string; success: boolean }) };
}

describe("economy error codes", () => {
  it("a second spin of the day is ALREADY_SPUN", async () => {
    expect((await ctx.request("POST", "/api/coins/spin-wheel", { token })).status).toBe(200);
    expect(await refusal("POST", "/api/coins/spin-wheel")).toMatchObject({ status: 409, success: false, code: "ALREADY_SPUN" });
  });

  it("an unknown code is CODE_UNKNOWN and an empty one CODE_EMPTY", async () => {
    expect(await refusal("POST", "/api/redeem-codes/redeem", { code: "ZZZZZZZZ" })).toMatchObject({ status: 404, code: "CODE_UNKNOWN" });
    expect(await refusal("POST", "/api/redeem-codes/redeem", { code: "  " })).toMatchObject({ status: 400, code: "CODE_EMPTY" });
  });

  it("an item outside today's shop is NOT_ON_SALE; equipping an unowned one is ITEM_NOT_OWNED", async () => {
    expect(await refusal("POST", "/api/coins/purchase", { itemId: 25 })).toMatchObject({ status: 400, code: "NOT_ON_SALE" });
    expect(await refusal("POST", "/api/coins/equip", { itemId: 7 })).toMatchObject({ status: 403, code: "ITEM_NOT_OWNED" });
  });
});

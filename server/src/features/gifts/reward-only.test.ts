import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { redeemCodes } from "../../db/schema";
import { fastUsers, json } from "../coins/test-kit";

// Reward-only items: Prestige (27) and Planify (28) come only from their account rules; an
// admin can never give them, sell them or put them in a code. Galaxie (25) and Cœur (26) can
// be given.
let ctx: TestContext;
let admin: { id: string; token: string };
let student: { id: string; token: string };
beforeAll(async () => {
  ctx = createTestApp();
  [admin] = (await fastUsers(ctx, 1, "admin", "adm")) as [typeof admin];
  // Inserted directly: no account rule has given this student Prestige.
  [student] = (await fastUsers(ctx, 1)) as [typeof student];
});
afterAll(() => ctx.close());

const give = (itemId: number | string) => ctx.request("POST", `/api/users/${student.id}/give-item`, { token: admin.token, body: { itemId } });
const generate = (body: Record<string, unknown>) => ctx.request("POST", "/api/redeem-codes/generate", { token: admin.token, body: { rewardType: "item", ...body } });
const owned = async () => ((await json(await ctx.request("GET", "/api/coins/inventory", { token: student.token }))).purchasedItems as { itemId: number }[]).map((i) => i.itemId);

describe("account-rule items cannot be given", () => {
  it.each([
    [28, "Planify ne peut pas être offert. Réservé aux administrateurs de Planify."],
    [27, "Prestige ne peut pas être offert. Réservé aux 10 premiers comptes étudiants créés."],
    ["28", "Planify ne peut pas être offert."],
  ])("gifting item %s to a student is refused (400, French reason)", async (itemId, message) => {
    const res = await give(itemId);
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ success: false, code: "BAD_REQUEST" });
    expect((await json(await give(itemId))).message).toContain(message);
    expect(await owned()).not.toContain(Number(itemId));
  });

  it.each([25, 26])("gifting reward item %s is allowed", async (itemId) => {
    expect((await give(itemId)).status).toBe(201);
    expect(await owned()).toContain(itemId);
  });
});

describe("account-rule items cannot be put in a code", () => {
  it.each([
    ["itemId 27", { itemId: 27 }, "Prestige ne peut pas être offert."],
    ["itemId 28", { itemId: "28" }, "Planify ne peut pas être offert."],
    ["28 among other items", { items: [{ itemId: 3 }, { itemId: 28 }] }, "Planify ne peut pas être offert."],
  ])("a code with %s is refused and not stored", async (_name, body, message) => {
    const before = ctx.deps.db.select().from(redeemCodes).all().length;
    const res = await generate(body);
    expect(res.status).toBe(400);
    expect((await json(res)).message).toContain(message);
    expect(ctx.deps.db.select().from(redeemCodes).all().length).toBe(before);
  });

  it("a code with item 25 is created and redeemed", async () => {
    const created = await json(await generate({ itemId: 25 }));
    expect(created.success).toBe(true);
    const [other] = await fastUsers(ctx, 1, "eleve", "code25");
    expect((await ctx.request("POST", "/api/redeem-codes/redeem", { token: other!.token, body: { code: created.code } })).status).toBe(200);
  });

  it("a code stored before the rule existed never hands out item 27", async () => {
    ctx.deps.db.insert(redeemCodes).values({ id: "old-code", code: "ANCIEN27", rewardType: "item", items: [27], colors: [], maxUses: 5, createdAt: 0 }).run();
    const res = await ctx.request("POST", "/api/redeem-codes/redeem", { token: student.token, body: { code: "ANCIEN27" } });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toContain("Prestige ne peut pas être offert.");
    expect(await owned()).not.toContain(27);
  });
});

describe("account-rule items cannot be bought", () => {
  it("they cannot be added to the shop nor bought", async () => {
    const [buyer] = await fastUsers(ctx, 1, "eleve", "buyer");
    for (const legacyId of [27, 28]) {
      expect((await ctx.request("POST", "/api/coins/weekly-items/test-add", { token: admin.token, body: { legacyId } })).status).toBe(400);
      expect((await ctx.request("POST", "/api/coins/purchase", { token: buyer!.token, body: { itemId: legacyId, price: 0 } })).status).toBe(400);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { fastUsers, json } from "../coins/test-kit";

// Reward-only items: Prestige (27) and Planify (28) come from their account rules; an
// admin can never give or sell them (codes: see codes/code-rewards.test.ts). Galaxie (25) and Cœur (26) can
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

const give = (itemId: number | string) =>
  ctx.request("POST", `/api/users/${student.id}/give-item`, { token: admin.token, body: { itemId } });
const owned = async () =>
  ((await json(await ctx.request("GET", "/api/coins/inventory", { token: student.token }))).purchasedItems as { itemId: number }[]).map(
    (i) => i.itemId,
  );

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

describe("account-rule items cannot be bought", () => {
  it("they cannot be added to the shop nor bought", async () => {
    const [buyer] = await fastUsers(ctx, 1, "eleve", "buyer");
    for (const legacyId of [27, 28]) {
      expect((await ctx.request("POST", "/api/coins/weekly-items/test-add", { token: admin.token, body: { legacyId } })).status).toBe(400);
      expect((await ctx.request("POST", "/api/coins/purchase", { token: buyer!.token, body: { itemId: legacyId, price: 0 } })).status).toBe(
        400,
      );
    }
  });
});

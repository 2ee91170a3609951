import { describe, expect, it } from "vitest";
import { appPerFile, scenarioTests, type Actors } from "../../../test/helpers";
import { redeemCodes } from "../../db/schema";
import { json } from "../coins/test-kit";

// Reward codes may hand out Prestige (27); Planify (28) follows the admin role and never goes in a code.
const app = appPerFile();
const codeOf = async (code: string) => (await app.ctx.deps.db.select().from(redeemCodes)).find((c) => c.code === code);
// The teacher: the first student accounts already hold Prestige by the account rule.
const owns = async (a: Actors, itemId: number) =>
  ((await json(await app.ctx.request("GET", "/api/coins/inventory", { token: a.prof.token }))).purchasedItems as { itemId: number }[]).some(
    (i) => i.itemId === itemId,
  );
const PLANIFY_REASON =
  "Planify ne peut pas être mis dans un code : il est réservé aux administrateurs, qui le reçoivent avec leur rôle et le perdent avec lui.";
let prestigeCode = "";

describe("reward codes and the account-rule items", () => {
  scenarioTests(
    [
      {
        name: "a code may offer Prestige (27)",
        method: "POST",
        url: "/api/redeem-codes/generate",
        as: "admin",
        status: 201,
        body: { rewardType: "item", items: [{ itemId: 27, itemName: "Prestige" }], maxUses: 3 },
        expect: (body) => {
          const b = body as { code: string; redeemCode: { payload: { items: unknown[] } } };
          expect(b.redeemCode.payload.items).toEqual([{ itemId: 27, itemName: "Prestige" }]);
          prestigeCode = b.code;
        },
      },
      {
        name: "someone without Prestige redeems it and owns it",
        method: "POST",
        url: "/api/redeem-codes/redeem",
        as: "prof",
        status: 200,
        body: () => ({ code: prestigeCode }),
        expect: async (body, _res, a) => {
          expect(body).toMatchObject({ success: true, message: "Code validé ! Tu as reçu : Prestige." });
          expect(await owns(a, 27)).toBe(true);
        },
      },
      {
        name: "Planify (28) is refused with the reason",
        method: "POST",
        url: "/api/redeem-codes/generate",
        as: "admin",
        status: 400,
        body: { rewardType: "item", itemId: 28, itemName: "Planify" },
        expect: { success: false, code: "BAD_REQUEST", message: PLANIFY_REASON },
      },
      {
        name: "Planify among other items is refused and nothing is stored",
        method: "POST",
        url: "/api/redeem-codes/generate",
        as: "admin",
        status: 400,
        body: { rewardType: "item", items: [{ itemId: 3 }, { itemId: "28" }] },
        expect: async () => expect(await app.ctx.deps.db.select().from(redeemCodes)).toHaveLength(1),
      },
      {
        name: "the classic border (0) still cannot go in a code",
        method: "POST",
        url: "/api/redeem-codes/generate",
        as: "admin",
        status: 400,
        body: { rewardType: "item", itemId: 0 },
      },
      {
        name: "a teacher cannot make a Prestige code",
        method: "POST",
        url: "/api/redeem-codes/generate",
        as: "prof",
        status: 403,
        body: { rewardType: "item", itemId: 27 },
      },
    ],
    () => app,
  );

  it("a code stored with Planify before the rule never hands it out, and says why", async () => {
    await app.ctx.deps.db
      .insert(redeemCodes)
      .values({ id: "old-28", code: "ANCIEN28", rewardType: "item", items: [28], colors: [], maxUses: 5, createdAt: 0 });
    const res = await app.ctx.request("POST", "/api/redeem-codes/redeem", { token: app.actors.delegue.token, body: { code: "ANCIEN28" } });
    expect([res.status, (await json(res)).message]).toEqual([400, PLANIFY_REASON]);
    expect((await codeOf("ANCIEN28"))?.usedCount).toBe(0);
  });
});

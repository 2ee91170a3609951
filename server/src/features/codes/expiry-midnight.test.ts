import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { fastUsers, json } from "../coins/test-kit";

// A code set to expire on a day works until the end of that day in Paris, whatever the season:
// the last millisecond before Paris midnight redeems, Paris midnight is expired.
let ctx: TestContext;
beforeAll(() => {
  ctx = createTestApp();
});
afterAll(() => ctx.close());

/** Makes a code expiring on `day` (the admin form sends the date alone), two days before it. */
async function codeExpiringOn(day: string, itemId: number): Promise<{ code: string; expiresAt: string }> {
  ctx.clock.now = Date.parse(`${day}T12:00:00Z`) - 2 * 86_400_000;
  const [admin] = await fastUsers(ctx, 1, "admin", "adm");
  const res = await ctx.request("POST", "/api/redeem-codes/generate", {
    token: admin!.token,
    body: { rewardType: "item", itemId, maxUses: 10, expiresAt: day },
  });
  expect(res.status).toBe(201);
  const body = await json(res);
  return { code: body.code, expiresAt: body.redeemCode.expiresAt };
}
/** A new student redeems the code at that instant (signed in then). */
const redeemAt = async (iso: string, code: string) => {
  ctx.clock.now = Date.parse(iso);
  const [student] = await fastUsers(ctx, 1);
  const res = await ctx.request("POST", "/api/redeem-codes/redeem", { token: student!.token, body: { code } });
  return [res.status, (await json(res)).message];
};

describe("a code expiring on a day works until the end of that Paris day", () => {
  it.each([
    // day chosen, the last Paris millisecond of that day (UTC), Paris midnight that ends it (UTC)
    ["31/12 (winter, UTC+1)", "2026-12-31", "2026-12-31T22:59:59.999Z", "2026-12-31T23:00:00.000Z", 3],
    ["a summer day (UTC+2)", "2026-07-14", "2026-07-14T21:59:59.999Z", "2026-07-14T22:00:00.000Z", 4],
    ["the day clocks go forward (28/03/2027)", "2027-03-28", "2027-03-28T21:59:59.999Z", "2027-03-28T22:00:00.000Z", 6],
    ["the day before they go forward (27/03/2027)", "2027-03-27", "2027-03-27T22:59:59.999Z", "2027-03-27T23:00:00.000Z", 7],
    ["the day clocks go back (25/10/2026)", "2026-10-25", "2026-10-25T22:59:59.999Z", "2026-10-25T23:00:00.000Z", 10],
  ])("%s", async (_name, day, lastMoment, midnight, itemId) => {
    const { code, expiresAt } = await codeExpiringOn(day, itemId);
    expect(expiresAt).toBe(midnight);
    expect(await redeemAt(lastMoment, code)).toEqual([200, expect.stringContaining("Code validé")]);
    expect(await redeemAt(midnight, code)).toEqual([400, "Ce code a expiré."]);
  });
});

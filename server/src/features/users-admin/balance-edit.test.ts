import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { deWord } from "@planify/common/format/french";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { adminJournal, coinLedger, users } from "../../db/schema";
import { credit, fastUsers, json } from "../coins/test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());

// On PostgreSQL the edit is one statement written around the user's name as last seen
// (lib/ledger-statement.ts); after a rename it must fall back and journal the new name.
describe("an admin's balance edit (POST /users-admin update-*)", () => {
  it("writes one ledger row per change and one exact journal line, under the user's current name after a rename", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [u] = await fastUsers(ctx, 1);
    const set = async (body: Record<string, unknown>) =>
      json(await ctx.request("POST", "/api/users-admin", { token: admin!.token, body: { userId: u!.id, ...body } }));
    const first = await ctx.request("GET", "/api/users-admin", { token: admin!.token });
    const oldName = (await json(first)).users.find((x: { id: string }) => x.id === u!.id).username as string;

    expect(await set({ action: "update-coins", coins: 40 })).toMatchObject({
      success: true,
      coins: 40,
      leaderboardCoins: 0,
      factionCoins: 0,
    });
    const renamed = await ctx.request("PUT", `/api/users/${u!.id}`, { token: admin!.token, body: { username: "hugo.martin" } });
    expect(renamed.status).toBe(200);
    expect(await set({ action: "update-leaderboard-coins", leaderboardCoins: 15 })).toMatchObject({ coins: 40, leaderboardCoins: 15 });
    // The value it already has: a journal line, no ledger row.
    expect(await set({ action: "update-coins", coins: 40 })).toMatchObject({ coins: 40, leaderboardCoins: 15, factionCoins: 0 });
    expect(await set({ action: "update-faction-coins", factionCoins: 3 })).toMatchObject({ factionCoins: 3 });

    const ledger = await ctx.deps.db
      .select({ c: coinLedger.coinsDelta, l: coinLedger.leaderboardDelta, f: coinLedger.factionDelta, reason: coinLedger.reason })
      .from(coinLedger)
      .where(eq(coinLedger.userId, u!.id))
      .orderBy(asc(coinLedger.id));
    expect(ledger.map((r) => [Number(r.c), Number(r.l), Number(r.f), r.reason])).toEqual([
      [40, 0, 0, "admin-set"],
      [0, 15, 0, "admin-set"],
      [0, 0, 3, "admin-set"],
    ]);
    const journal = await ctx.deps.db
      .select({
        summary: adminJournal.summary,
        details: adminJournal.details,
        target: adminJournal.targetUsername,
        admin: adminJournal.adminId,
      })
      .from(adminJournal)
      .where(and(eq(adminJournal.action, "coins.set"), eq(adminJournal.targetUserId, u!.id)))
      .orderBy(asc(adminJournal.id));
    const details = (d: unknown) => (typeof d === "string" ? JSON.parse(d) : d);
    expect(journal.map((j) => ({ ...j, details: details(j.details) }))).toEqual([
      { summary: `coins ${deWord(oldName)} : 0 → 40`, details: { coins: { before: 0, after: 40 } }, target: oldName, admin: admin!.id },
      {
        summary: `coins de classement ${deWord("hugo.martin")} : 0 → 15`,
        details: { leaderboardCoins: { before: 0, after: 15 } },
        target: "hugo.martin",
        admin: admin!.id,
      },
      {
        summary: `coins ${deWord("hugo.martin")} : 40 → 40`,
        details: { coins: { before: 40, after: 40 } },
        target: "hugo.martin",
        admin: admin!.id,
      },
      {
        summary: `coins de faction ${deWord("hugo.martin")} : 0 → 3`,
        details: { factionCoins: { before: 0, after: 3 } },
        target: "hugo.martin",
        admin: admin!.id,
      },
    ]);
  });

  it("edits racing with ledger credits on one account: the ledger still sums to the balance, one journal line each", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [u] = await fastUsers(ctx, 1);
    const edits = Array.from({ length: 30 }, (_, i) =>
      ctx.request("POST", "/api/users-admin", { token: admin!.token, body: { action: "update-coins", userId: u!.id, coins: 100 + i } }),
    );
    const credits = Array.from({ length: 30 }, () => credit(ctx, u!.id, 7));
    const answers = await Promise.all(edits);
    await Promise.all(credits);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const sum = await ctx.deps.db.select({ c: coinLedger.coinsDelta }).from(coinLedger).where(eq(coinLedger.userId, u!.id));
    const [row] = await ctx.deps.db.select({ coins: users.coins }).from(users).where(eq(users.id, u!.id));
    expect(sum.reduce((total, r) => total + Number(r.c), 0)).toBe(Number(row!.coins));
    expect(await ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "coins.set"))).toHaveLength(30);
  });

  it("answers 404 for an unknown account and refuses a negative balance, writing nothing", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [u] = await fastUsers(ctx, 1);
    const post = (body: Record<string, unknown>) => ctx.request("POST", "/api/users-admin", { token: admin!.token, body });
    expect((await post({ action: "update-coins", userId: "00000000-0000-4000-8000-000000000000", coins: 5 })).status).toBe(404);
    expect((await post({ action: "update-coins", userId: u!.id, coins: -1 })).status).toBe(400);
    expect(await ctx.deps.db.select().from(coinLedger).where(eq(coinLedger.reason, "admin-set"))).toEqual([]);
    expect(await ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "coins.set"))).toEqual([]);
  });
});

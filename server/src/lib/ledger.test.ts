import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestContext } from "../../test/helpers";
import { coinLedger, users } from "../db/schema";
import { fastUsers } from "../features/coins/test-kit";
import { applyLedger, setBalance } from "./ledger";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("coin ledger", () => {
  it("writes one row per change and refuses a change that would make any balance negative, as a whole", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    const at = ctx.deps.now();
    const db = ctx.deps.db;
    expect(
      db.transaction((tx) => applyLedger(tx, { userId: u!.id, coins: 100, leaderboardCoins: 30, reason: "test", reference: "r1", at })),
    ).toEqual({ coins: 100, leaderboardCoins: 30, factionCoins: 0 });
    expect(() => db.transaction((tx) => applyLedger(tx, { userId: u!.id, coins: -50, leaderboardCoins: -31, reason: "test", at }))).toThrow(
      "Pas assez de coins.",
    );
    expect(() =>
      db.transaction((tx) => applyLedger(tx, { userId: u!.id, coins: -101, reason: "purchase", at, insufficientMessage: "Trop cher." })),
    ).toThrow("Trop cher.");
    expect(db.transaction((tx) => setBalance(tx, { userId: u!.id, field: "coins", value: 40, reason: "admin-set", at }))).toMatchObject({
      coins: 40,
    });
    const rows = db.select().from(coinLedger).where(eq(coinLedger.userId, u!.id)).all();
    expect(rows.map((r) => [r.coinsDelta, r.leaderboardDelta, r.reason])).toEqual([
      [100, 30, "test"],
      [-60, 0, "admin-set"],
    ]);
    expect(rows[0]).toMatchObject({ reference: "r1", createdAt: at });
  });

  it("has a database guard against negative balances even outside the ledger", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    expect(() => ctx.deps.db.update(users).set({ coins: -1 }).where(eq(users.id, u!.id)).run()).toThrow(
      /CHECK constraint failed: users_balances_nonnegative/,
    );
    expect(() => ctx.deps.db.update(users).set({ factionCoins: -5 }).where(eq(users.id, u!.id)).run()).toThrow(
      /CHECK constraint failed: users_balances_nonnegative/,
    );
    expect(ctx.deps.db.select({ c: users.coins }).from(users).where(eq(users.id, u!.id)).get()!.c).toBe(0);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestContext } from "../../test/helpers";
import { coinLedger, users } from "../db/schema";
import { fastUsers } from "../features/coins/test-kit";
import { applyLedger, setBalance } from "./ledger";
import { first } from "../db/engine";
import { driverError } from "../db/errors";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("coin ledger", () => {
  it("writes one row per change and refuses a change that would make any balance negative, as a whole", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    const at = ctx.deps.now();
    const db = ctx.deps.db;
    expect(
      await db.transaction((tx) =>
        applyLedger(tx, { userId: u!.id, coins: 100, leaderboardCoins: 30, reason: "test", reference: "r1", at }),
      ),
    ).toEqual({ coins: 100, leaderboardCoins: 30, factionCoins: 0 });
    await expect(
      db.transaction((tx) => applyLedger(tx, { userId: u!.id, coins: -50, leaderboardCoins: -31, reason: "test", at })),
    ).rejects.toThrow("Pas assez de coins.");
    await expect(
      db.transaction((tx) => applyLedger(tx, { userId: u!.id, coins: -101, reason: "purchase", at, insufficientMessage: "Trop cher." })),
    ).rejects.toThrow("Trop cher.");
    expect(
      await db.transaction((tx) => setBalance(tx, { userId: u!.id, field: "coins", value: 40, reason: "admin-set", at })),
    ).toMatchObject({
      coins: 40,
    });
    const rows = await db.select().from(coinLedger).where(eq(coinLedger.userId, u!.id));
    expect(rows.map((r) => [r.coinsDelta, r.leaderboardDelta, r.reason])).toEqual([
      [100, 30, "test"],
      [-60, 0, "admin-set"],
    ]);
    expect(rows[0]).toMatchObject({ reference: "r1", createdAt: at });
  });

  it("has a database guard against negative balances even outside the ledger", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    // The driver's own refusal names the constraint on both engines (drizzle wraps it).
    const refusal = async (write: PromiseLike<unknown>) => {
      try {
        await write;
        return "accepted";
      } catch (error) {
        const e = driverError(error);
        return `${e.message} ${e.constraint ?? ""}`;
      }
    };
    expect(await refusal(ctx.deps.db.update(users).set({ coins: -1 }).where(eq(users.id, u!.id)))).toMatch(/users_balances_nonnegative/);
    expect(await refusal(ctx.deps.db.update(users).set({ factionCoins: -5 }).where(eq(users.id, u!.id)))).toMatch(
      /users_balances_nonnegative/,
    );
    expect((await first(ctx.deps.db.select({ c: users.coins }).from(users).where(eq(users.id, u!.id))))!.c).toBe(0);
  });
});

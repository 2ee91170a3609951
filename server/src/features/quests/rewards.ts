import { eq } from "drizzle-orm";
import { type QuestCounter, REPEATABLE_QUESTS } from "@planify/common/constants/quests";
import { users } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { applyLedger } from "../../lib/ledger";
import { creditFactionTotal } from "../../lib/faction-totals";
import { bump, lower } from "./counters";
import { COUNTER, REASON, repCounter } from "./model";

export interface Payment {
  userId: string;
  amount: number;
  reason: string;
  reference: string;
  at: number;
  /**
   * "all": coins, leaderboard coins, and faction coins and the faction's total for a member (the
   * original's quests and bonus); "wallet": coins only (the original's wheel and task repeatables).
   */
  scope: "all" | "wallet";
}

/** Pays through the ledger, in the caller's transaction. Returns the new coin balance. */
export async function pay(tx: DbOrTx, p: Payment): Promise<number> {
  const faction =
    p.scope === "all"
      ? ((await first(tx.select({ faction: users.faction }).from(users).where(eq(users.id, p.userId))))?.faction ?? null)
      : null;
  const balances = await applyLedger(tx, {
    userId: p.userId,
    coins: p.amount,
    leaderboardCoins: p.scope === "all" ? p.amount : 0,
    factionCoins: faction ? p.amount : 0,
    reason: p.reason,
    reference: p.reference,
    at: p.at,
  });
  await creditFactionTotal(tx, faction, p.amount, p.at);
  return balances.coins;
}

/** A user's coin balance. */
export async function coinsOf(db: DbOrTx, userId: string): Promise<number> {
  return (await first(db.select({ coins: users.coins }).from(users).where(eq(users.id, userId))))?.coins ?? 0;
}

export interface RepeatableReward {
  id: string;
  reward: number;
}

/**
 * One more action toward the repeatable quests of `counter`: each whose progress reaches its
 * threshold pays its reward (through the ledger, reference "<id>:<day>") and starts over, so it
 * pays again at every multiple, each once. `paidElsewhere` names a crossing already paid by
 * another rule (the task milestones pay the first one of the task repeatables).
 */
export async function advanceRepeatables(
  tx: DbOrTx,
  input: {
    userId: string;
    counter: QuestCounter;
    at: number;
    day: string;
    scope: Payment["scope"];
    paidElsewhere?: (threshold: number) => boolean;
  },
): Promise<RepeatableReward[]> {
  const rewards: RepeatableReward[] = [];
  for (const q of REPEATABLE_QUESTS) {
    if (q.counter !== input.counter) continue;
    const value = await bump(tx, input.userId, repCounter(q.id));
    if (value < q.threshold) continue;
    await lower(tx, input.userId, repCounter(q.id), q.threshold);
    await bump(tx, input.userId, COUNTER.repeat);
    if (input.paidElsewhere?.(q.threshold)) continue;
    const reference = `${q.id}:${input.day}`;
    await pay(tx, { userId: input.userId, amount: q.reward, reason: REASON.repeatable, reference, at: input.at, scope: input.scope });
    rewards.push({ id: q.id, reward: q.reward });
  }
  return rewards;
}

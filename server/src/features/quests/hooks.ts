// What the server observes itself, called by other features inside the transaction of the action:
// a wheel spin (features/coins) and a counted task check (features/tasks).
import { addDays, isParisWeekend, parisDate, parisParts } from "@planify/common/time/paris-time";
import type { DbOrTx } from "../../db/types";
import { syncAchievements, unlock } from "./achievements";
import { completeInTx } from "./complete";
import { bump, counterValue, raise, setCounter } from "./counters";
import { COUNTER } from "./model";
import { advanceRepeatables } from "./rewards";

/** A week-end counter: +1 on the same week-end (Saturday then Sunday), else it starts over at 1. */
async function bumpWeekend(tx: DbOrTx, userId: string, counter: string, day: string, at: number): Promise<void> {
  const current = await counterValue(tx, userId, counter);
  const sameWeekend = current.parisDay === day || (parisParts(at).weekday === "Sun" && current.parisDay === addDays(day, -1));
  await setCounter(tx, userId, counter, sameWeekend ? current.value + 1 : 1, day);
}

/**
 * A spin just made (`lost`: neither coins nor an item), in the spin's transaction: the counters
 * and achievements of the wheel, the wheel repeatables (coins only, as the original), and
 * today's « Tourner la roue » quests. Test spins count for nothing. Returns the coins paid.
 */
export async function recordSpin(tx: DbOrTx, input: { userId: string; at: number; lost: boolean; test: boolean }): Promise<number> {
  if (input.test) return 0;
  const { userId, at } = input;
  const day = parisDate(at);
  await bump(tx, userId, COUNTER.spins);
  if (input.lost) await bump(tx, userId, COUNTER.losses);
  const weekend = isParisWeekend(at);
  if (weekend) {
    await bumpWeekend(tx, userId, COUNTER.weekendSpins, day, at);
    if (input.lost) await bumpWeekend(tx, userId, COUNTER.weekendLosses, day, at);
  }
  const repeatables = await advanceRepeatables(tx, { userId, counter: "wheel", at, day, scope: "wallet" });
  let paid = repeatables.reduce((s, r) => s + r.reward, 0);
  for (const questId of weekend ? ["wheel-1", "wheel-weekend"] : ["wheel-1"]) {
    const done = await completeInTx(tx, userId, day, questId, at);
    if (done) paid += done.questReward + done.repeatableRewards.reduce((s, r) => s + r.reward, 0);
  }
  await syncAchievements(tx, userId, at);
  return paid;
}

/**
 * A check just counted (completedTasks is now `completedTasks`), in the check's transaction.
 * Only a count above the highest ever reached moves the task repeatables, so unchecking and
 * checking again never pays twice; their first payment at each threshold is the task
 * milestone's (features/coins), so the repeatable pays from the second multiple on.
 */
export async function recordTaskCompleted(tx: DbOrTx, userId: string, completedTasks: number, at: number): Promise<void> {
  const day = parisDate(at);
  const days = await counterValue(tx, userId, COUNTER.taskDays);
  if (days.parisDay !== day) await bump(tx, userId, COUNTER.taskDays, 1, day);
  if (await raise(tx, userId, COUNTER.tasksHigh, completedTasks)) {
    await advanceRepeatables(tx, {
      userId,
      counter: "tasks",
      at,
      day,
      scope: "wallet",
      paidElsewhere: (threshold) => completedTasks === threshold,
    });
  }
  await syncAchievements(tx, userId, at);
}

/** A faction season just closed with a winner, in its transaction: its members unlock « Guerre gagnée » (faction-join). */
export async function recordSeasonWon(tx: DbOrTx, winners: readonly string[], at: number): Promise<void> {
  for (const userId of winners) await unlock(tx, userId, ["faction-join"], at);
}

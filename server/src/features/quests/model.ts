import { DAILY_QUESTS, type DailyQuestDef } from "@planify/common/constants/quests";

/** The daily quests by id. */
export const DAILY_BY_ID: ReadonlyMap<string, DailyQuestDef> = new Map(DAILY_QUESTS.map((q) => [q.id, q]));

/**
 * Rows of quest_counters. The `rep:<id>` rows are each repeatable quest's progress toward its
 * next payment (the original's `repeatable.<key>`: +1 per action, minus the threshold when paid).
 */
export const COUNTER = {
  spins: "wheel-spins",
  losses: "wheel-losses",
  /** parisDay: the last week-end day counted; the count carries from Saturday to Sunday. */
  weekendSpins: "wheel-weekend-spins",
  weekendLosses: "wheel-weekend-losses",
  daily: "daily-done",
  repeat: "repeat-done",
  /** Paris days with a counted check; parisDay: the last one. */
  taskDays: "task-days",
  /** The most completedTasks ever reached: a check counts for repeatables only above it (first checks only). */
  tasksHigh: "tasks-high",
} as const;

export const repCounter = (id: string) => `rep:${id}`;

/** A uniform integer in [0, n). */
export type RandomInt = (n: number) => number;
export const mathRandomInt: RandomInt = (n) => Math.floor(Math.random() * n);

/** Ledger reasons of the quests' payments. */
export const REASON = { quest: "quest", bonus: "quest-bonus", repeatable: "quest-repeatable" } as const;

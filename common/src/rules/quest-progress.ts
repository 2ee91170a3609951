// How far a user is toward each achievement, from the counters of GET /quests/stats: the
// original Planify's formulas (QuestsPopup.vue, updateAchievementsProgress), kept in one place
// so that the popup and any server code read the same percentages.
import type { QuestStatsResponse } from "../schemas/quests";

/** The counters achievements are measured on (the stats route's answer without `success`). */
export type QuestStats = Omit<QuestStatsResponse, "success">;

/** The counters of an account that did nothing yet (a new account, or an imported one without progress). */
export const NO_QUEST_STATS: QuestStats = {
  completedTasks: 0,
  wheelSpinTotal: 0,
  wheelLossTotal: 0,
  dailyCompleted: 0,
  repeatCompleted: 0,
  proposalsCount: 0,
  wheelWeekendSpinsToday: { ymd: null, count: 0 },
  wheelWeekendLossToday: { ymd: null, count: 0 },
  faction: null,
};

type Measure = (s: QuestStats, today: string) => number;

const ratio = (count: number, threshold: number) => (Math.max(0, count) / threshold) * 100;
const of =
  (pick: (s: QuestStats) => number, threshold: number): Measure =>
  (s) =>
    ratio(pick(s), threshold);
/** A week-end counter counts only on the Paris day it was written. */
const todays =
  (pick: (s: QuestStats) => QuestStats["wheelWeekendSpinsToday"], threshold: number): Measure =>
  (s, today) =>
    pick(s).ymd === today ? ratio(pick(s).count, threshold) : 0;

const tasks = (s: QuestStats) => s.completedTasks;
const spins = (s: QuestStats) => s.wheelSpinTotal;
const losses = (s: QuestStats) => s.wheelLossTotal;
const daily = (s: QuestStats) => s.dailyCompleted;
const repeat = (s: QuestStats) => s.repeatCompleted;
const proposals = (s: QuestStats) => s.proposalsCount;

/**
 * The achievements whose progress the counters measure. The others (first quest, streaks,
 * re-roll, factions, cosmetics, task details viewed) show 0 % until the server unlocks them,
 * as in the original.
 */
const MEASURES: Readonly<Record<string, Measure>> = {
  "tasks-validate-10": of(tasks, 10),
  "tasks-validate-50": of(tasks, 50),
  "tasks-validate-100": of(tasks, 100),
  "tasks-validate-250": of(tasks, 250),
  "wheel-spin-10": of(spins, 10),
  "wheel-spin-50": of(spins, 50),
  "wheel-spin-100": of(spins, 100),
  "wheel-first-loss": (s) => (losses(s) >= 1 ? 100 : 0),
  "wheel-lose-30": of(losses, 30),
  "wheel-weekend-spin-2": todays((s) => s.wheelWeekendSpinsToday, 2),
  "wheel-weekend-lose-2": todays((s) => s.wheelWeekendLossToday, 2),
  "daily-complete-5": of(daily, 5),
  "daily-complete-15": of(daily, 15),
  "daily-complete-30": of(daily, 30),
  "daily-complete-50": of(daily, 50),
  "repeat-complete-5": of(repeat, 5),
  "repeat-complete-20": of(repeat, 20),
  "repeat-complete-50": of(repeat, 50),
  "repeat-complete-100": of(repeat, 100),
  "homework-propose-5": of(proposals, 5),
  "homework-propose-20": of(proposals, 20),
  "homework-propose-50": of(proposals, 50),
};

/**
 * An achievement's progress, a whole percentage from 0 to 100: 100 once unlocked, else its
 * counter against its threshold (`today` is the Paris day "YYYY-MM-DD", for week-end counters).
 */
export function achievementProgress(id: string, stats: QuestStats | undefined, unlocked: ReadonlySet<string>, today: string): number {
  if (unlocked.has(id)) return 100;
  const measure = MEASURES[id];
  if (!measure || !stats) return 0;
  return Math.min(100, Math.max(0, Math.round(measure(stats, today))));
}

/** Whether the counters reached an achievement's threshold, unrounded (249 tasks of 250 is not yet): the server unlocks on it. */
export function achievementReached(id: string, stats: QuestStats, today: string): boolean {
  const measure = MEASURES[id];
  return !!measure && measure(stats, today) >= 100;
}

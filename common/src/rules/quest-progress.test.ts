import { describe, expect, it } from "vitest";
import { achievementProgress, NO_QUEST_STATS, type QuestStats } from "./quest-progress";

const stats = (over: Partial<QuestStats> = {}): QuestStats => ({ ...NO_QUEST_STATS, ...over });
const none = new Set<string>();
const today = "2025-03-15";

describe("achievementProgress", () => {
  it("measures a counter against its threshold, rounded and capped at 100", () => {
    expect(achievementProgress("tasks-validate-10", stats({ completedTasks: 3 }), none, today)).toBe(30);
    expect(achievementProgress("tasks-validate-250", stats({ completedTasks: 1 }), none, today)).toBe(0);
    expect(achievementProgress("wheel-spin-50", stats({ wheelSpinTotal: 7 }), none, today)).toBe(14);
    expect(achievementProgress("daily-complete-15", stats({ dailyCompleted: 5 }), none, today)).toBe(33);
    expect(achievementProgress("homework-propose-5", stats({ proposalsCount: 12 }), none, today)).toBe(100);
  });

  it("a first loss is all or nothing", () => {
    expect(achievementProgress("wheel-first-loss", stats(), none, today)).toBe(0);
    expect(achievementProgress("wheel-first-loss", stats({ wheelLossTotal: 1 }), none, today)).toBe(100);
  });

  it("week-end counters count only on the day they were written", () => {
    const s = stats({ wheelWeekendSpinsToday: { ymd: today, count: 1 }, wheelWeekendLossToday: { ymd: "2025-03-08", count: 1 } });
    expect(achievementProgress("wheel-weekend-spin-2", s, none, today)).toBe(50);
    expect(achievementProgress("wheel-weekend-lose-2", s, none, today)).toBe(0);
  });

  it("an unlocked achievement is 100 % whatever the counters; one the counters cannot measure is 0 %", () => {
    expect(achievementProgress("tasks-validate-10", stats(), new Set(["tasks-validate-10"]), today)).toBe(100);
    expect(achievementProgress("faction-join", stats({ faction: "Rouge" }), none, today)).toBe(0);
    expect(achievementProgress("tasks-validate-10", undefined, none, today)).toBe(0);
  });
});

// Test helper (not a test file): answers of the quest routes as the contract types them.
import type { DailyQuest, DailyQuestsResponse, QuestStatsResponse } from "@planify/common/schemas/quests";
import { DAILY_QUESTS } from "@planify/common/constants/quests";
import { NO_QUEST_STATS } from "@planify/common/rules/quest-progress";
import { parisDate } from "@planify/common/time/paris-time";

export const today = () => parisDate(Date.now());

export function quest(id: string, done = false): DailyQuest {
  const def = DAILY_QUESTS.find((q) => q.id === id)!;
  return { id, title: def.title, reward: def.reward, actions: 1, durationDays: 1, done, createdYmd: today(), expiresYmd: today() };
}

export function day(quests: DailyQuest[], meta: Partial<DailyQuestsResponse["meta"]> = {}): DailyQuestsResponse {
  return {
    dailyQuests: quests,
    meta: { lastResetYmd: today(), bonusAwardedYmd: null, rerollUsed: false, rerollIndex: -1, targetLeaderboardName: "", ...meta },
  };
}

export function stats(over: Partial<QuestStatsResponse> = {}): QuestStatsResponse {
  return { success: true, ...NO_QUEST_STATS, ...over };
}

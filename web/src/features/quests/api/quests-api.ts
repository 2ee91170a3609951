import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DailyQuestsResponse } from "@planify/common/schemas/quests";
import { answerOf, apiClient } from "../../../lib/api/client";
import { useSession } from "../../../lib/use-session";

export const QUEST_KEYS = {
  all: ["quests"] as const,
  daily: ["quests", "daily"] as const,
  repeatable: ["quests", "repeatable"] as const,
  achievements: ["quests", "achievements"] as const,
  stats: ["quests", "stats"] as const,
};

/** GET /quests/daily: today's three quests and the day's meta (the top bar's badge and the popup share it). */
export function useDailyQuests(enabled = true) {
  const token = useSession()?.token ?? null;
  return useQuery({
    queryKey: QUEST_KEYS.daily,
    queryFn: () => answerOf(apiClient.GET("/api/quests/daily")),
    enabled: enabled && token !== null,
    retry: false,
  });
}

/** The popup's other three reads: repeatable quests, achievements unlocked and the counters. */
export function useQuestBoards() {
  const repeatable = useQuery({ queryKey: QUEST_KEYS.repeatable, queryFn: () => answerOf(apiClient.GET("/api/quests/repeatable")) });
  const achievements = useQuery({
    queryKey: QUEST_KEYS.achievements,
    queryFn: () => answerOf(apiClient.GET("/api/quests/achievements")),
  });
  const stats = useQuery({ queryKey: QUEST_KEYS.stats, queryFn: () => answerOf(apiClient.GET("/api/quests/stats")) });
  return { repeatable, achievements, stats };
}

/** POST /quests/reroll: the slot gets a new quest; the answer is the new day. */
export function useReroll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (index: number) => answerOf(apiClient.POST("/api/quests/reroll", { body: { index } })),
    onSuccess: ({ dailyQuests, meta }) => {
      client.setQueryData<DailyQuestsResponse>(QUEST_KEYS.daily, { dailyQuests, meta });
      void client.invalidateQueries({ queryKey: QUEST_KEYS.achievements });
    },
  });
}

/** POST /quests/bonus: paid once a day when the three quests are done. */
export const claimDailyBonus = () => answerOf(apiClient.POST("/api/quests/bonus"));

// The quest routes (/api/quests/…), in the original Planify's wire format (backend routes/quests.js):
// what its client (QuestsPopup.vue) reads, field for field.
import { Type, type Static } from "@sinclair/typebox";
import { QUEST_MESSAGES } from "../constants/quests";
import { missingMessage, Nullable, ok } from "./shared";

const Int = Type.Integer();
/** A Paris day "YYYY-MM-DD". */
const ParisDay = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

/** One of today's daily quests. */
export const DailyQuest = Type.Object({
  id: Type.String(),
  title: Type.String(),
  reward: Int,
  actions: Int,
  durationDays: Int,
  done: Type.Boolean(),
  createdYmd: ParisDay,
  expiresYmd: ParisDay,
});
export type DailyQuest = Static<typeof DailyQuest>;

export const DailyQuestsMeta = Type.Object({
  lastResetYmd: ParisDay,
  /** The Paris day the all-three bonus was paid, or null. */
  bonusAwardedYmd: Nullable(ParisDay),
  rerollUsed: Type.Boolean(),
  /** The slot re-rolled today, or -1. */
  rerollIndex: Int,
  /** The leaderboard profile the « leaderboard-profile » quest asks to open ("" when none). */
  targetLeaderboardName: Type.String(),
});
export type DailyQuestsMeta = Static<typeof DailyQuestsMeta>;

/** GET /quests/daily (the original answers without `success`), and POST /quests/reroll. */
export const DailyQuestsResponse = Type.Object({ dailyQuests: Type.Array(DailyQuest), meta: DailyQuestsMeta });
export type DailyQuestsResponse = Static<typeof DailyQuestsResponse>;
export const RerollResponse = ok({ dailyQuests: Type.Array(DailyQuest), meta: DailyQuestsMeta });
export type RerollResponse = Static<typeof RerollResponse>;

/** GET /quests/repeatable: progress (0–100 %) toward each repeatable quest's next payment. */
export const RepeatableQuestsResponse = ok({
  repeatable: Type.Array(Type.Object({ id: Type.String(), progress: Int, reward: Int })),
});
export type RepeatableQuestsResponse = Static<typeof RepeatableQuestsResponse>;

/** GET /quests/achievements: the ids unlocked. */
export const AchievementsResponse = ok({ achievements: Type.Array(Type.String()) });
export type AchievementsResponse = Static<typeof AchievementsResponse>;

const DayCount = Type.Object({ ymd: Nullable(ParisDay), count: Int });
/** GET /quests/stats: the counters achievements are measured on. */
export const QuestStatsResponse = ok({
  completedTasks: Int,
  wheelSpinTotal: Int,
  wheelLossTotal: Int,
  dailyCompleted: Int,
  repeatCompleted: Int,
  proposalsCount: Int,
  wheelWeekendSpinsToday: DayCount,
  wheelWeekendLossToday: DayCount,
  faction: Nullable(Type.String()),
});
export type QuestStatsResponse = Static<typeof QuestStatsResponse>;

/** POST /quests/complete. */
export const CompleteQuestBody = Type.Object({
  questId: Type.String({ minLength: 1, maxLength: 60, ...missingMessage(QUEST_MESSAGES.missingQuestId) }),
  /** leaderboard-profile: the profile opened (must be today's target); task-info-1: the task opened. */
  username: Type.Optional(Type.String({ maxLength: 100 })),
  taskId: Type.Optional(Type.String({ maxLength: 100 })),
});
export type CompleteQuestBody = Static<typeof CompleteQuestBody>;

const RepeatableReward = Type.Object({ id: Type.String(), reward: Int });
/** The coins paid by one completion: the quest's, plus any repeatable quest it completed. */
export const CompleteQuestResponse = ok({
  alreadyDone: Type.Optional(Type.Boolean()),
  questReward: Int,
  repeatableRewards: Type.Array(RepeatableReward),
  coins: Int,
  totalAward: Type.Optional(Int),
  /** Set when nothing was paid because the server completes this quest itself (a spin, a sign-in). */
  message: Type.Optional(Type.String()),
});
export type CompleteQuestResponse = Static<typeof CompleteQuestResponse>;

/** POST /quests/bonus: paid once per Paris day when all three are done. */
export const QuestBonusResponse = ok({
  amount: Type.Optional(Int),
  coins: Int,
  awarded: Type.Optional(Type.Boolean()),
  message: Type.Optional(Type.String()),
});
export type QuestBonusResponse = Static<typeof QuestBonusResponse>;

/** POST /quests/reroll. */
export const RerollBody = Type.Object({ index: Type.Integer({ minimum: 0, maximum: 2 }) });
export type RerollBody = Static<typeof RerollBody>;

/** POST /coins/quest-reward (the original client's free credit): the amount it sends is never credited. */
export const QuestRewardBody = Type.Object({
  amount: Type.Optional(Type.Unknown()),
  reason: Type.Optional(Type.String({ maxLength: 100 })),
});
export type QuestRewardBody = Static<typeof QuestRewardBody>;
/** The balances, unchanged: quests pay through /quests/complete and /quests/bonus. */
export const QuestRewardResponse = ok({ newCoins: Int, leaderboardCoins: Int, factionCoins: Int });
export type QuestRewardResponse = Static<typeof QuestRewardResponse>;

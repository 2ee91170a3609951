import { DAILY_QUESTS, leaderboardQuestTitle, REPEATABLE_QUESTS } from "@planify/common/constants/quests";
import type { QuestDone } from "../../lib/quest-report";

/** A daily quest's title; the leaderboard quest names today's target when there is one. */
export function dailyQuestTitle(id: string, fallback: string, target = ""): string {
  if (id === "leaderboard-profile" && target.trim()) return leaderboardQuestTitle(target.trim());
  return DAILY_QUESTS.find((q) => q.id === id)?.title ?? fallback;
}

const coins = (n: number) => `+${n.toLocaleString("fr-FR")} Planify Coins`;

/** The toast of a paid quest: « Quête terminée », the quest, its reward, and any repeatable quest it completed. */
export function questDoneText(done: QuestDone, target = ""): string {
  const parts = [`Quête terminée : ${dailyQuestTitle(done.questId, "Quête", target)} (${coins(done.questReward)})`];
  for (const r of done.repeatableRewards) {
    const title = REPEATABLE_QUESTS.find((q) => q.id === r.id)?.title ?? "Quête répétable";
    parts.push(`${title} (${coins(r.reward)})`);
  }
  return parts.join(" · ");
}

/** The toast of the daily bonus, claimed once the three quests are done. */
export const bonusReceivedText = (amount: number) => `Bonus journalier reçu : +${amount.toLocaleString("fr-FR")} Planify Coins`;

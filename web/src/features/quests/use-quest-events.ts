import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { DAILY_QUEST_COUNT } from "@planify/common/constants/quests";
import type { DailyQuestsResponse } from "@planify/common/schemas/quests";
import { parisDate } from "@planify/common/time/paris-time";
import { useNotify } from "../../components/notifications";
import { setBalance } from "../../lib/economy/coins-api";
import { useLiveEvent } from "../../lib/live/live-bus";
import { QUEST_DONE_EVENT, type QuestDone, setTodayQuests } from "../../lib/quest-report";
import { refreshBoards } from "../../lib/social/social-api";
import { claimDailyBonus, QUEST_KEYS } from "./api/quests-api";
import { bonusReceivedText, questDoneText } from "./quest-texts";

const markDone = (questId: string) => (old: DailyQuestsResponse | undefined) =>
  old && { ...old, dailyQuests: old.dailyQuests.map((q) => (q.id === questId ? { ...q, done: true } : q)) };

/**
 * What the quests button does besides opening the popup, wherever the user is: tells
 * quest-report which quests are today's, reads them again when the coins move, toasts a reported quest that was paid (« Quête
 * terminée ») with the new balance, and claims the daily bonus once the three are done.
 */
export function useQuestEvents(daily: DailyQuestsResponse | undefined): void {
  const client = useQueryClient();
  const notify = useNotify();
  const target = daily?.meta.targetLeaderboardName ?? "";
  const targetRef = useRef(target);
  targetRef.current = target;

  useEffect(() => {
    if (daily)
      setTodayQuests(
        daily.dailyQuests.map((q) => q.id),
        daily.dailyQuests.filter((q) => q.done).map((q) => q.id),
      );
  }, [daily]);

  // Coins moved (a spin completes the wheel quests, another tab a reported one, the bonus): today's quests again.
  useLiveEvent("coins", () => void client.invalidateQueries({ queryKey: QUEST_KEYS.daily }));

  useEffect(() => {
    const onDone = (e: Event) => {
      const done = (e as CustomEvent<QuestDone>).detail;
      setBalance(client, done.coins);
      client.setQueryData(QUEST_KEYS.daily, markDone(done.questId));
      void client.invalidateQueries({ queryKey: QUEST_KEYS.all });
      void refreshBoards(client);
      notify.toast(questDoneText(done, targetRef.current));
    };
    window.addEventListener(QUEST_DONE_EVENT, onDone);
    return () => window.removeEventListener(QUEST_DONE_EVENT, onDone);
  }, [client, notify]);

  // One claim per Paris day and page: the server pays it once whatever happens here.
  const claimed = useRef<string | null>(null);
  useEffect(() => {
    if (!daily) return;
    const today = parisDate(Date.now());
    const allDone = daily.dailyQuests.length === DAILY_QUEST_COUNT && daily.dailyQuests.every((q) => q.done);
    if (!allDone || daily.meta.bonusAwardedYmd === today || claimed.current === today) return;
    claimed.current = today;
    claimDailyBonus()
      .then((r) => {
        setBalance(client, r.coins);
        client.setQueryData<DailyQuestsResponse>(
          QUEST_KEYS.daily,
          (old) => old && { ...old, meta: { ...old.meta, bonusAwardedYmd: today } },
        );
        void client.invalidateQueries({ queryKey: QUEST_KEYS.achievements });
        if (r.amount && r.awarded !== false) {
          void refreshBoards(client);
          // A toast, not a popup: the claim comes while the user is elsewhere (the shop, the wheel).
          notify.toast(bonusReceivedText(r.amount));
        }
      })
      // Refused (a quest undone meanwhile) or offline: the next page load claims it again.
      .catch(() => undefined);
  }, [daily, client, notify]);
}

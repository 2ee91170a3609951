// Client-reported daily quests (open the homework, a task's details, a tab, the shop, a
// leaderboard profile): any feature calls reportQuest() and this posts POST /quests/complete
// at most once per quest and Paris day in this browser. It stays tiny (feature chunks carry
// it): the toast and the new balance belong to the quests button, told by QUEST_DONE_EVENT.
import { parisDate } from "@planify/common/time/paris-time";
import type { CompleteQuestResponse } from "@planify/common/schemas/quests";
import { apiClientWith } from "./api/client";
import { getSession } from "./session";

/** detail: QuestDone — a reported quest was paid just now. */
export const QUEST_DONE_EVENT = "planify:quest-done";
export type QuestDone = CompleteQuestResponse & { questId: string };

const STORE = "planify.quests-reported";
/** Today's quests as the quests button last read them ("<user>:<day>" and ids), to skip the others. */
let today: { key: string; ids: readonly string[] } | null = null;
const pending = new Set<string>();

const dayKey = (userId: string) => `${userId}:${parisDate(Date.now())}`;
const reported = (key: string): string[] => {
  const saved = localStorage.getItem(STORE);
  return saved?.startsWith(`${key}|`) ? saved.slice(key.length + 1).split(",") : [];
};
const remember = (key: string, id: string) => localStorage.setItem(STORE, `${key}|${[...reported(key), id].join(",")}`);

/** Tells which quests are today's (and which are done already): the others are never posted. */
export function setTodayQuests(ids: readonly string[], done: readonly string[]): void {
  const user = getSession()?.user;
  if (!user) return;
  today = { key: dayKey(user.id), ids };
  for (const id of done) if (!reported(today.key).includes(id)) remember(today.key, id);
}

/** Reports a quest the user just did; `extra` names the profile or task when the quest needs one. */
export function reportQuest(questId: string, extra?: { username?: string; taskId?: string }): void {
  const user = getSession()?.user;
  if (!user) return;
  const key = dayKey(user.id);
  const mark = `${key}:${questId}`;
  if (pending.has(mark) || reported(key).includes(questId)) return;
  if (today?.key === key && !today.ids.includes(questId)) return;
  pending.add(mark);
  apiClientWith({ background: true })
    .POST("/api/quests/complete", { body: { questId, ...extra } })
    .then(({ data }) => {
      remember(key, questId);
      if (data && !data.alreadyDone && data.questReward > 0)
        window.dispatchEvent(new CustomEvent<QuestDone>(QUEST_DONE_EVENT, { detail: { ...data, questId } }));
    })
    // Not today's quest, not its target, or offline: nothing is paid, the next visit may try again.
    .catch(() => undefined)
    .finally(() => pending.delete(mark));
}

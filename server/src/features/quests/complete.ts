import type { CompleteQuestResponse } from "@planify/common/schemas/quests";
import { QUEST_MESSAGES } from "@planify/common/constants/quests";
import type { DbOrTx, UserRow } from "../../db/types";
import type { AppDeps } from "../../deps";
import { engineOf } from "../../db/engine";
import { badRequest, notFound } from "../../lib/errors";
import { syncAchievements } from "./achievements";
import { bump } from "./counters";
import { COUNTER, DAILY_BY_ID, REASON, type RandomInt } from "./model";
import { advanceRepeatables, coinsOf, pay, type RepeatableReward } from "./rewards";
import { ensureToday, readToday, spunOn, type QuestTasks, type Today } from "./today";

const MARK_DONE_SQL = `UPDATE daily_quests SET done_at = ?4
  WHERE user_id = ?1 AND paris_day = ?2 AND quest_id = ?3 AND done_at IS NULL RETURNING slot`;

export interface Completion {
  questReward: number;
  repeatableRewards: RepeatableReward[];
}

/**
 * Completes one of the user's quests of `day` in the caller's transaction: a compare-and-set on
 * done_at, then its coins through the ledger (reference "<quest>:<day>"), the daily counter, the
 * daily repeatables and achievements. Null when it is not among that day's quests or already done,
 * so it pays once however many tabs or hooks report it.
 */
export async function completeInTx(tx: DbOrTx, userId: string, day: string, questId: string, at: number): Promise<Completion | null> {
  const def = DAILY_BY_ID.get(questId);
  if (!def) return null;
  const marked = await engineOf(tx).raw.get(MARK_DONE_SQL, [userId, day, questId, at]);
  if (!marked) return null;
  await pay(tx, { userId, amount: def.reward, reason: REASON.quest, reference: `${questId}:${day}`, at, scope: "all" });
  await bump(tx, userId, COUNTER.daily);
  const repeatableRewards = await advanceRepeatables(tx, { userId, counter: "daily", at, day, scope: "all" });
  await syncAchievements(tx, userId, at);
  return { questReward: def.reward, repeatableRewards };
}

/**
 * Today's quests as a signed-in user reads them: drawn if need be, and « Se connecter » done at
 * once (reading them proves a session today, a long one included).
 */
export async function todayOfReader(deps: AppDeps, tasks: QuestTasks, user: UserRow, random: RandomInt): Promise<Today> {
  const today = await ensureToday(deps, tasks, user, random);
  if (!today.quests.some((q) => q.questId === "connect" && q.doneAt === null)) return today;
  await deps.db.transaction((tx) => completeInTx(tx, user.id, today.day, "connect", deps.now()));
  return await readToday(deps.db, user.id, today.day);
}

const answer = (c: Completion, coins: number): CompleteQuestResponse => ({
  success: true,
  questReward: c.questReward,
  repeatableRewards: c.repeatableRewards,
  coins,
  totalAward: c.questReward + c.repeatableRewards.reduce((s, r) => s + r.reward, 0),
});
const nothing = (coins: number, extra: Partial<CompleteQuestResponse>): CompleteQuestResponse => ({
  success: true,
  questReward: 0,
  repeatableRewards: [],
  coins,
  ...extra,
});

/**
 * Checks the proof a client-reported quest carries when it carries one: today's target profile,
 * a task the user can see. The original client posts the bare `questId` (no proof): it is taken
 * as it was by the original server, the quest paying once a day at most like every other.
 */
async function assertProof(deps: AppDeps, tasks: QuestTasks, user: UserRow, questId: string, body: ProofBody, target: string) {
  if (questId === "leaderboard-profile" && body.username !== undefined) {
    const name = body.username.trim().toLowerCase();
    if (!name || name !== target.trim().toLowerCase()) throw badRequest(QUEST_MESSAGES.wrongProfile);
  }
  if (questId === "task-info-1" && body.taskId !== undefined) {
    const id = body.taskId;
    if (!id || !(await tasks.canSee(deps, user, id))) throw notFound(QUEST_MESSAGES.unknownTask);
  }
}

export interface ProofBody {
  questId: string;
  username?: string;
  taskId?: string;
}

/**
 * POST /quests/complete. Only today's three; a client-reported quest pays once, with its proof;
 * a server-observed one (sign-in, spin) pays only when the server saw the action.
 */
export async function completeQuest(
  deps: AppDeps,
  tasks: QuestTasks,
  user: UserRow,
  body: ProofBody,
  random: RandomInt,
): Promise<CompleteQuestResponse> {
  const today = await todayOfReader(deps, tasks, user, random);
  const quest = today.quests.find((q) => q.questId === body.questId);
  const def = DAILY_BY_ID.get(body.questId);
  if (!quest || !def) throw notFound(QUEST_MESSAGES.unknownQuest);
  if (quest.doneAt !== null) return nothing(await coinsOf(deps.db, user.id), { alreadyDone: true });
  if (def.source === "server") {
    const seen = await spunOn(deps.db, user.id, today.day);
    if (!seen) return nothing(await coinsOf(deps.db, user.id), { alreadyDone: false, totalAward: 0, message: QUEST_MESSAGES.serverQuest });
  } else {
    await assertProof(deps, tasks, user, def.id, body, today.targetName);
  }
  return await deps.db.transaction(async (tx) => {
    const done = await completeInTx(tx, user.id, today.day, def.id, deps.now());
    const coins = await coinsOf(tx, user.id);
    return done ? answer(done, coins) : nothing(coins, { alreadyDone: true });
  });
}

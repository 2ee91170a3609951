import { and, eq, isNull } from "drizzle-orm";
import { DAILY_BONUS, DAILY_BONUS_AFTER_REROLL, DAILY_QUEST_COUNT, QUEST_MESSAGES } from "@planify/common/constants/quests";
import type { QuestBonusResponse, RerollResponse } from "@planify/common/schemas/quests";
import { nextParisMidnight } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { dailyQuestDays, dailyQuests } from "../../db/schema";
import { first } from "../../db/engine";
import { badRequest, tooMany } from "../../lib/errors";
import { unlock } from "./achievements";
import { completeInTx, todayOfReader } from "./complete";
import { REASON, type RandomInt } from "./model";
import { coinsOf, pay } from "./rewards";
import { pickQuest, pickTarget, poolContext, poolFor, presentToday, readToday, type QuestTasks } from "./today";

/**
 * POST /quests/bonus: once per Paris day when all three are done, 50 coins (25 after a
 * re-roll), by a compare-and-set on bonus_paid_at in the transaction that pays it.
 */
export async function claimBonus(deps: AppDeps, tasks: QuestTasks, user: UserRow, random: RandomInt): Promise<QuestBonusResponse> {
  const { day } = await todayOfReader(deps, tasks, user, random);
  const at = deps.now();
  return await deps.db.transaction(async (tx) => {
    const today = await readToday(tx, user.id, day);
    const done = today.quests.filter((q) => q.doneAt !== null).length;
    if (today.quests.length !== DAILY_QUEST_COUNT || done !== DAILY_QUEST_COUNT) throw badRequest(QUEST_MESSAGES.notAllDone);
    const won = await first(
      tx
        .update(dailyQuestDays)
        .set({ bonusPaidAt: at })
        .where(and(eq(dailyQuestDays.userId, user.id), eq(dailyQuestDays.parisDay, day), isNull(dailyQuestDays.bonusPaidAt)))
        .returning({ rerollSlot: dailyQuestDays.rerollSlot }),
    );
    if (!won) return { success: true, message: QUEST_MESSAGES.bonusAlreadyPaid, coins: await coinsOf(tx, user.id), awarded: false };
    const amount = won.rerollSlot === null ? DAILY_BONUS : DAILY_BONUS_AFTER_REROLL;
    const coins = await pay(tx, { userId: user.id, amount, reason: REASON.bonus, reference: `bonus:${day}`, at, scope: "all" });
    if (won.rerollSlot === null) await unlock(tx, user.id, ["daily-no-reroll"], at);
    return { success: true, amount, coins };
  });
}

/**
 * POST /quests/reroll: once per Paris day, never on a done quest: the slot gets a quest of the
 * pool that is not among today's. A drawn « Se connecter » is done at once, as on any read.
 */
export async function reroll(deps: AppDeps, tasks: QuestTasks, user: UserRow, index: number, random: RandomInt): Promise<RerollResponse> {
  const before = await todayOfReader(deps, tasks, user, random);
  const retryAfter = () => Math.ceil((nextParisMidnight(deps.now()) - deps.now()) / 1000);
  if (before.rerollSlot !== null) throw tooMany(QUEST_MESSAGES.rerollUsed, retryAfter());
  const pool = poolFor(await poolContext(deps, tasks, user));
  const replacement = pickQuest(pool, new Set(before.quests.map((q) => q.questId)), random);
  const target = replacement.id === "leaderboard-profile" && !before.targetName ? await pickTarget(deps.db, user.id) : "";
  const at = deps.now();
  const day = before.day;
  await deps.db.transaction(async (tx) => {
    const used = await first(
      tx
        .update(dailyQuestDays)
        .set({ rerollSlot: index, ...(target ? { targetName: target } : {}) })
        .where(and(eq(dailyQuestDays.userId, user.id), eq(dailyQuestDays.parisDay, day), isNull(dailyQuestDays.rerollSlot)))
        .returning({ slot: dailyQuestDays.rerollSlot }),
    );
    if (!used) throw tooMany(QUEST_MESSAGES.rerollUsed, retryAfter());
    const swapped = await first(
      tx
        .update(dailyQuests)
        .set({ questId: replacement.id })
        .where(and(eq(dailyQuests.userId, user.id), eq(dailyQuests.parisDay, day), eq(dailyQuests.slot, index), isNull(dailyQuests.doneAt)))
        .returning({ slot: dailyQuests.slot }),
    );
    // Throwing rolls the re-roll back: it stays available for another quest.
    if (!swapped) throw badRequest(QUEST_MESSAGES.rerollDone);
    await unlock(tx, user.id, ["reroll-used"], at);
    if (replacement.id === "connect") await completeInTx(tx, user.id, day, "connect", at);
  });
  return { success: true, ...presentToday(await readToday(deps.db, user.id, day)) };
}

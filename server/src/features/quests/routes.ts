import { Elysia } from "elysia";
import { QUEST_MESSAGES } from "@planify/common/constants/quests";
import {
  AchievementsResponse,
  CompleteQuestBody,
  CompleteQuestResponse,
  DailyQuestsResponse,
  QuestBonusResponse,
  QuestRewardBody,
  QuestRewardResponse,
  QuestStatsResponse,
  RepeatableQuestsResponse,
  RerollBody,
  RerollResponse,
} from "@planify/common/schemas/quests";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { badRequest } from "../../lib/errors";
import { replies } from "../../lib/responses";
import { reachedAchievements, unlock } from "./achievements";
import { completeQuest, todayOfReader } from "./complete";
import { claimBonus, reroll } from "./day-actions";
import { mathRandomInt, type RandomInt } from "./model";
import { repeatableAnswer, statsAnswer, unlockedIds } from "./stats";
import { presentToday, type QuestTasks } from "./today";

/** Daily quests, repeatables, achievements and their counters (every signed-in role, as the original). */
export const questsRoutes = (deps: AppDeps, tasks: QuestTasks, random: RandomInt = mathRandomInt) =>
  new Elysia({ prefix: "/quests" })
    .use(authPlugin(deps))
    .get("/daily", async ({ user }) => presentToday(await todayOfReader(deps, tasks, user, random)), {
      auth: true,
      response: replies({ 200: DailyQuestsResponse }),
    })
    .get("/repeatable", ({ user }) => repeatableAnswer(deps.db, user.id), {
      auth: true,
      response: replies({ 200: RepeatableQuestsResponse }),
    })
    .get(
      "/achievements",
      async ({ user }) => {
        // Proposals are counted from their own table: what they reached unlocks on this read.
        const reached = await reachedAchievements(deps.db, user.id, deps.now());
        if (reached.length) await deps.db.transaction((tx) => unlock(tx, user.id, reached, deps.now()));
        return { success: true as const, achievements: await unlockedIds(deps.db, user.id) };
      },
      { auth: true, response: replies({ 200: AchievementsResponse }) },
    )
    .get("/stats", ({ user }) => statsAnswer(deps.db, user.id), { auth: true, response: replies({ 200: QuestStatsResponse }) })
    .post("/complete", ({ user, body }) => completeQuest(deps, tasks, user, body, random), {
      auth: true,
      body: CompleteQuestBody,
      response: replies({ 200: CompleteQuestResponse }),
    })
    .post("/bonus", ({ user }) => claimBonus(deps, tasks, user, random), { auth: true, response: replies({ 200: QuestBonusResponse }) })
    .post("/reroll", ({ user, body }) => reroll(deps, tasks, user, body.index, random), {
      auth: true,
      body: RerollBody,
      response: replies({ 200: RerollResponse }),
    });

/**
 * POST /coins/quest-reward, the original client's credit of a reward it computed itself: never
 * credited here (quests pay through /quests/complete and /quests/bonus), it answers the
 * original's shape with the balances unchanged so that client shows the true balance.
 */
export const questRewardRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/coins" }).use(authPlugin(deps)).post(
    "/quest-reward",
    ({ user, body }) => {
      const amount = Number(body?.amount);
      if (!Number.isFinite(amount) || amount <= 0) throw badRequest(QUEST_MESSAGES.invalidAmount);
      return { success: true as const, newCoins: user.coins, leaderboardCoins: user.leaderboardCoins, factionCoins: user.factionCoins };
    },
    { auth: true, body: QuestRewardBody, response: replies({ 200: QuestRewardResponse }) },
  );

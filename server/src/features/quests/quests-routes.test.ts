import { describe, expect, it } from "vitest";
import { DAILY_QUESTS, QUEST_MESSAGES, REPEATABLE_QUESTS } from "@planify/common/constants/quests";
import { and, eq } from "drizzle-orm";
import { parisDate } from "@planify/common/time/paris-time";
import { type Actors, appPerFile, everyActor, scenarioTests, type Scenario } from "../../../test/helpers";
import { dailyQuestDays, dailyQuests } from "../../db/schema";
import { balances, json, ledgerRows, seedToday } from "./test-kit";

const env = appPerFile();
/** Replaces the user's quests of today by three the client reports. */
async function reseed(userId: string) {
  const day = parisDate(env.ctx.deps.now());
  await env.ctx.deps.db.delete(dailyQuests).where(and(eq(dailyQuests.userId, userId), eq(dailyQuests.parisDay, day)));
  await env.ctx.deps.db.delete(dailyQuestDays).where(and(eq(dailyQuestDays.userId, userId), eq(dailyQuestDays.parisDay, day)));
  await seedToday(env.ctx, userId, ["devoirs", "visit-shop", "tasks-archives"]);
}
const ROLES = ["eleve", "etudiant", "delegue", "prof", "admin"] as const;
const SIGNED_IN = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 } as const;

describe("quest routes: who may call them (every signed-in role, as the original)", () => {
  const rows: Scenario[] = [
    ...everyActor({ method: "GET", url: "/api/quests/daily" }, SIGNED_IN, "today's three quests and their meta", {
      200: (body) => {
        const b = body as { dailyQuests: { id: string }[]; meta: { rerollUsed: boolean } };
        expect(b.dailyQuests).toHaveLength(3);
        expect(new Set(b.dailyQuests.map((q) => q.id)).size).toBe(3);
        expect(b.meta.rerollUsed).toBe(false);
      },
    }),
    ...everyActor({ method: "GET", url: "/api/quests/repeatable" }, SIGNED_IN, "each repeatable's progress", {
      200: { success: true, repeatable: REPEATABLE_QUESTS.map((q) => ({ id: q.id, reward: q.reward })) },
    }),
    ...everyActor({ method: "GET", url: "/api/quests/achievements" }, SIGNED_IN, "the achievements unlocked", {
      200: { success: true },
    }),
    ...everyActor({ method: "GET", url: "/api/quests/stats" }, SIGNED_IN, "the counters", {
      200: { success: true, wheelSpinTotal: 0, proposalsCount: 0, wheelWeekendSpinsToday: { ymd: null, count: 0 } },
    }),
    ...everyActor(
      { method: "POST", url: "/api/quests/complete", body: { questId: "pas-une-quete" } },
      { ...SIGNED_IN, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 },
      "a quest not among today's",
      {
        404: { success: false, message: QUEST_MESSAGES.unknownQuest },
      },
    ),
    ...everyActor(
      { method: "POST", url: "/api/quests/bonus" },
      { ...SIGNED_IN, eleve: 400, etudiant: 400, delegue: 400, prof: 400, admin: 400 },
      "the bonus before all three are done",
      {
        400: { success: false, message: QUEST_MESSAGES.notAllDone },
      },
    ),
    // A drawn « Se connecter » may have paid 10 coins on an earlier row: the answer is the stored balances.
    ...ROLES.map(
      (as): Scenario => ({
        name: "the original client's credit: the stored balances, unchanged",
        method: "POST",
        url: "/api/coins/quest-reward",
        as,
        body: { amount: 10, reason: "daily-quest" },
        status: 200,
        expect: async (body, _res, actors) => {
          const b = await balances(env.ctx, actors[as].id);
          expect(body).toEqual({ success: true, newCoins: b.coins, leaderboardCoins: b.leaderboardCoins, factionCoins: b.factionCoins });
        },
      }),
    ),
    { name: "a guest's credit", method: "POST", url: "/api/coins/quest-reward", as: "guest", body: { amount: 10 }, status: 401 },
    // Each signed-in role completes and re-rolls its own quests (as the original, staff too).
    ...ROLES.map(
      (as): Scenario => ({
        name: "a quest among today's three, paid once",
        method: "POST",
        url: "/api/quests/complete",
        as,
        body: async (actors: Actors) => {
          await reseed(actors[as].id);
          return { questId: "devoirs" };
        },
        status: 200,
        expect: { success: true, questReward: 10, repeatableRewards: [] },
      }),
    ),
    ...ROLES.map(
      (as): Scenario => ({
        name: "a re-roll of a quest not done",
        method: "POST",
        url: "/api/quests/reroll",
        as,
        body: { index: 1 },
        status: 200,
        expect: (body) => {
          const b = body as { dailyQuests: { id: string }[]; meta: { rerollUsed: boolean; rerollIndex: number } };
          expect(b.meta).toMatchObject({ rerollUsed: true, rerollIndex: 1 });
          expect(b.dailyQuests[1]!.id).not.toBe("visit-shop");
        },
      }),
    ),
    {
      name: "the original client's body without questId",
      method: "POST",
      url: "/api/quests/complete",
      as: "eleve",
      body: {},
      status: 400,
      expect: { message: QUEST_MESSAGES.missingQuestId },
    },
    { name: "a re-roll index out of range", method: "POST", url: "/api/quests/reroll", as: "eleve", body: { index: 5 }, status: 400 },
    { name: "a guest re-rolls", method: "POST", url: "/api/quests/reroll", as: "guest", body: { index: 0 }, status: 401 },
    {
      name: "a zero amount",
      method: "POST",
      url: "/api/coins/quest-reward",
      as: "eleve",
      body: { amount: 0 },
      status: 400,
      expect: { message: QUEST_MESSAGES.invalidAmount },
    },
  ];
  scenarioTests(rows, () => env);

  it("never credits the amount the original client sends to /coins/quest-reward", async () => {
    const { ctx, actors } = env;
    const before = await balances(ctx, actors.eleve.id);
    const res = await json(await ctx.request("POST", "/api/coins/quest-reward", { token: actors.eleve.token, body: { amount: 500 } }));
    expect(res.newCoins).toBe(before.coins);
    expect(await balances(ctx, actors.eleve.id)).toEqual(before);
  });

  it("answers the original's daily format field for field", async () => {
    const { ctx } = env;
    const prof = await ctx.user({ role: "prof" }, { questions: false });
    const body = await json(await ctx.request("GET", "/api/quests/daily", { token: prof.token }));
    const quest = body.dailyQuests[0];
    const def = DAILY_QUESTS.find((q) => q.id === quest.id)!;
    expect(quest).toEqual({
      id: def.id,
      title: def.title,
      reward: 10,
      actions: 1,
      durationDays: 1,
      done: quest.id === "connect",
      createdYmd: "2026-11-16",
      expiresYmd: "2026-11-17",
    });
    expect(body.meta).toMatchObject({ lastResetYmd: "2026-11-16", bonusAwardedYmd: null, rerollUsed: false, rerollIndex: -1 });
  });
});

describe("today's draw", () => {
  it("draws once per Paris day: the same three all day, new ones the next day", async () => {
    const { ctx } = env;
    const u = await ctx.user({ role: "eleve" }, { questions: false });
    const first = await json(await ctx.request("GET", "/api/quests/daily", { token: u.token }));
    const again = await json(await ctx.request("GET", "/api/quests/daily", { token: u.token }));
    expect(again.dailyQuests.map((q: { id: string }) => q.id)).toEqual(first.dailyQuests.map((q: { id: string }) => q.id));
    ctx.clock.now += 24 * 3600_000;
    try {
      const next = await json(await ctx.request("GET", "/api/quests/daily", { token: u.token }));
      expect(next.meta.lastResetYmd).toBe("2026-11-17");
      expect(next.dailyQuests.every((q: { createdYmd: string; done: boolean; id: string }) => q.createdYmd === "2026-11-17")).toBe(true);
    } finally {
      ctx.clock.now -= 24 * 3600_000;
    }
  });

  it("two first reads at once agree on one draw", async () => {
    const { ctx } = env;
    const u = await ctx.user({ role: "eleve" }, { questions: false });
    const answers = await Promise.all([1, 2, 3, 4].map(() => ctx.request("GET", "/api/quests/daily", { token: u.token }).then(json)));
    const ids = answers.map((a) => a.dailyQuests.map((q: { id: string }) => q.id).join(","));
    expect(new Set(ids).size).toBe(1);
    expect(await ledgerRows(ctx, u.id, "quest")).toBe(ids[0]!.split(",").includes("connect") ? 1 : 0);
  });

  it("never offers a wheel quest once the user spun today, nor « Plus d’infos » without a homework to do", async () => {
    const { ctx } = env;
    for (let i = 0; i < 6; i++) {
      const u = await ctx.user({ role: "eleve" }, { questions: false });
      expect((await ctx.request("POST", "/api/coins/spin-wheel", { token: u.token })).status).toBe(200);
      const body = await json(await ctx.request("GET", "/api/quests/daily", { token: u.token }));
      const ids = body.dailyQuests.map((q: { id: string }) => q.id);
      expect(ids).not.toContain("wheel-1");
      expect(ids).not.toContain("wheel-weekend");
      expect(ids).not.toContain("task-info-1");
    }
  });

  it("« Se connecter » is done and paid at the first read of the day", async () => {
    const { ctx } = env;
    const u = await ctx.user({ role: "eleve" }, { questions: false });
    await seedToday(ctx, u.id, ["connect", "devoirs", "visit-shop"]);
    const body = await json(await ctx.request("GET", "/api/quests/daily", { token: u.token }));
    expect(body.dailyQuests[0]).toMatchObject({ id: "connect", done: true });
    await ctx.request("GET", "/api/quests/daily", { token: u.token });
    expect(await ledgerRows(ctx, u.id, "quest", "connect:2026-11-16")).toBe(1);
    expect((await balances(ctx, u.id)).coins).toBe(10);
    const again = await json(await ctx.request("POST", "/api/quests/complete", { token: u.token, body: { questId: "connect" } }));
    expect(again).toMatchObject({ success: true, alreadyDone: true, questReward: 0, coins: 10 });
  });
});

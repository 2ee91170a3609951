import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { QUEST_MESSAGES } from "@planify/common/constants/quests";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { users } from "../../db/schema";
import { balances, json, ledgerRows, seedToday } from "./test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());

async function student(): Promise<TestUser> {
  ctx = createTestApp();
  return await ctx.user({ role: "eleve" }, { questions: false });
}
const complete = (u: TestUser, body: Record<string, unknown>) => ctx.request("POST", "/api/quests/complete", { token: u.token, body });

describe("POST /quests/complete pays a quest once per Paris day", () => {
  it("pays 10 coins (all three balances) once, then answers alreadyDone", async () => {
    const u = await student();
    await seedToday(ctx, u.id, ["devoirs", "visit-shop", "tasks-archives"]);
    const first = await json(await complete(u, { questId: "devoirs" }));
    expect(first).toEqual({ success: true, questReward: 10, repeatableRewards: [], coins: 10, totalAward: 10 });
    const second = await json(await complete(u, { questId: "devoirs" }));
    expect(second).toMatchObject({ success: true, alreadyDone: true, questReward: 0, coins: 10 });
    expect(await ledgerRows(ctx, u.id, "quest", "devoirs:2026-11-16")).toBe(1);
    expect(await balances(ctx, u.id)).toEqual({ coins: 10, leaderboardCoins: 10, factionCoins: 0 });
    const daily = await json(await ctx.request("GET", "/api/quests/daily", { token: u.token }));
    expect(daily.dailyQuests.map((q: { done: boolean }) => q.done)).toEqual([true, false, false]);
  });

  it("five tabs reporting the same quest at once pay it once", async () => {
    const u = await student();
    await seedToday(ctx, u.id, ["devoirs", "visit-shop", "tasks-archives"]);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => complete(u, { questId: "visit-shop" }).then(json)));
    expect(answers.filter((a) => a.questReward === 10)).toHaveLength(1);
    expect(answers.filter((a) => a.alreadyDone === true)).toHaveLength(4);
    expect(await ledgerRows(ctx, u.id, "quest")).toBe(1);
    expect((await balances(ctx, u.id)).coins).toBe(10);
  });

  it("a quest not among today's three: 404 « Quête introuvable », no coins", async () => {
    const u = await student();
    await seedToday(ctx, u.id, ["devoirs", "visit-shop", "tasks-archives"]);
    const res = await complete(u, { questId: "tab-exams-open" });
    expect(res.status).toBe(404);
    expect((await json(res)).message).toBe(QUEST_MESSAGES.unknownQuest);
    expect(await ledgerRows(ctx, u.id, "quest")).toBe(0);
  });

  it("a faction member's quest also credits the faction balance and the faction's total", async () => {
    const u = await student();
    await ctx.deps.db.update(users).set({ faction: "Bagnat" }).where(eq(users.id, u.id));
    await seedToday(ctx, u.id, ["devoirs", "visit-shop", "tasks-archives"]);
    await complete(u, { questId: "devoirs" });
    expect(await balances(ctx, u.id)).toEqual({ coins: 10, leaderboardCoins: 10, factionCoins: 10 });
  });

  it("a proof sent must hold (today's target in any case, a task the user can see); the original client's bare questId pays once", async () => {
    const u = await student();
    const other = await ctx.user({ role: "eleve", username: "Camille" }, { questions: false });
    await seedToday(ctx, u.id, ["leaderboard-profile", "task-info-1", "devoirs"], other.username);
    const daily = await json(await ctx.request("GET", "/api/quests/daily", { token: u.token }));
    expect(daily.meta.targetLeaderboardName).toBe("Camille");
    const wrong = await complete(u, { questId: "leaderboard-profile", username: "quelqu'un" });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).message).toBe(QUEST_MESSAGES.wrongProfile);
    expect((await json(await complete(u, { questId: "leaderboard-profile", username: "camille" }))).questReward).toBe(10);
    const unknown = await complete(u, { questId: "task-info-1", taskId: "pas-une-tache" });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toBe(QUEST_MESSAGES.unknownTask);
    // The original client's call: the bare id, paid once however often it comes.
    expect((await json(await complete(u, { questId: "task-info-1" }))).questReward).toBe(10);
    expect((await json(await complete(u, { questId: "task-info-1" }))).alreadyDone).toBe(true);
    expect(await ledgerRows(ctx, u.id, "quest")).toBe(2);
  });

  it("a server-observed quest reported by the client pays nothing until the server saw it", async () => {
    const u = await student();
    await seedToday(ctx, u.id, ["wheel-1", "devoirs", "visit-shop"]);
    const early = await json(await complete(u, { questId: "wheel-1" }));
    expect(early).toMatchObject({ success: true, alreadyDone: false, questReward: 0, message: QUEST_MESSAGES.serverQuest });
    expect(await ledgerRows(ctx, u.id, "quest")).toBe(0);
    await ctx.request("POST", "/api/coins/spin-wheel", { token: u.token });
    expect(await ledgerRows(ctx, u.id, "quest", "wheel-1:2026-11-16")).toBe(1);
    expect(await json(await complete(u, { questId: "wheel-1" }))).toMatchObject({ alreadyDone: true, questReward: 0 });
  });
});

describe("POST /quests/bonus and /quests/reroll", () => {
  it("pays the bonus (50) once when all three are done, even asked five times at once", async () => {
    const u = await student();
    await seedToday(ctx, u.id, ["devoirs", "visit-shop", "tasks-archives"]);
    for (const questId of ["devoirs", "visit-shop"]) await complete(u, { questId });
    expect((await ctx.request("POST", "/api/quests/bonus", { token: u.token })).status).toBe(400);
    await complete(u, { questId: "tasks-archives" });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => ctx.request("POST", "/api/quests/bonus", { token: u.token }).then(json)));
    expect(answers.filter((a) => a.amount === 50)).toHaveLength(1);
    expect(answers.filter((a) => a.awarded === false && a.message === QUEST_MESSAGES.bonusAlreadyPaid)).toHaveLength(4);
    expect(await ledgerRows(ctx, u.id, "quest-bonus")).toBe(1);
    expect((await balances(ctx, u.id)).coins).toBe(80);
    const daily = await json(await ctx.request("GET", "/api/quests/daily", { token: u.token }));
    expect(daily.meta.bonusAwardedYmd).toBe("2026-11-16");
    const ach = await json(await ctx.request("GET", "/api/quests/achievements", { token: u.token }));
    expect(ach.achievements).toEqual(expect.arrayContaining(["ach-first-quest", "daily-no-reroll"]));
  });

  it("re-rolls once a day, never a done quest; the bonus is then 25", async () => {
    const u = await student();
    await seedToday(ctx, u.id, ["devoirs", "visit-shop", "tasks-archives"]);
    await complete(u, { questId: "devoirs" });
    const onDone = await ctx.request("POST", "/api/quests/reroll", { token: u.token, body: { index: 0 } });
    expect(onDone.status).toBe(400);
    expect((await json(onDone)).message).toBe(QUEST_MESSAGES.rerollDone);
    const rolled = await json(await ctx.request("POST", "/api/quests/reroll", { token: u.token, body: { index: 1 } }));
    expect(rolled.meta).toMatchObject({ rerollUsed: true, rerollIndex: 1 });
    const ids: string[] = rolled.dailyQuests.map((q: { id: string }) => q.id);
    expect(ids[1]).not.toBe("visit-shop");
    expect(new Set(ids).size).toBe(3);
    const again = await ctx.request("POST", "/api/quests/reroll", { token: u.token, body: { index: 2 } });
    expect(again.status).toBe(429);
    expect((await json(again)).message).toBe(QUEST_MESSAGES.rerollUsed);
    // Finish the day: the re-rolled quest may be one the server completes itself.
    if (ids[1] === "wheel-1") await ctx.request("POST", "/api/coins/spin-wheel", { token: u.token });
    for (const id of ids) {
      if (id === "leaderboard-profile") await complete(u, { questId: id, username: rolled.meta.targetLeaderboardName });
      else if (id !== "wheel-1" && id !== "connect") await complete(u, { questId: id });
    }
    const bonus = await json(await ctx.request("POST", "/api/quests/bonus", { token: u.token }));
    expect(bonus.amount).toBe(25);
    const ach = await json(await ctx.request("GET", "/api/quests/achievements", { token: u.token }));
    expect(ach.achievements).toContain("reroll-used");
    expect(ach.achievements).not.toContain("daily-no-reroll");
  });
});

describe("repeatables and achievements pay once at their threshold", () => {
  it("daily-10 pays 50 at the 10th and the 20th daily quest only; « Rituel quotidien » unlocks at 5, « Habitude solide » at 15", async () => {
    const u = await student();
    const ids = ["devoirs", "visit-shop", "tasks-archives"];
    const paidAt: number[] = [];
    let n = 0;
    for (let day = 0; day < 7; day++) {
      await seedToday(ctx, u.id, ids);
      for (const questId of ids) {
        n++;
        const res = await json(await complete(u, { questId }));
        if (res.repeatableRewards.some((r: { id: string }) => r.id === "daily-10")) paidAt.push(n);
        if (n === 5 || n === 14) {
          const ach = await json(await ctx.request("GET", "/api/quests/achievements", { token: u.token }));
          expect(ach.achievements.includes("daily-complete-5")).toBe(n === 5 || n === 14);
          expect(ach.achievements).not.toContain("daily-complete-15");
        }
      }
      ctx.clock.now += 24 * 3600_000;
    }
    expect(paidAt).toEqual([10, 20]);
    expect(await ledgerRows(ctx, u.id, "quest")).toBe(21);
    expect(await ledgerRows(ctx, u.id, "quest-repeatable")).toBe(2);
    const stats = await json(await ctx.request("GET", "/api/quests/stats", { token: u.token }));
    expect(stats).toMatchObject({ dailyCompleted: 21, repeatCompleted: 2 });
    const rep = await json(await ctx.request("GET", "/api/quests/repeatable", { token: u.token }));
    expect(rep.repeatable.find((r: { id: string }) => r.id === "daily-10").progress).toBe(10);
    expect(rep.repeatable.find((r: { id: string }) => r.id === "daily-25").progress).toBe(84);
    const ach = await json(await ctx.request("GET", "/api/quests/achievements", { token: u.token }));
    expect(ach.achievements).toEqual(expect.arrayContaining(["ach-first-quest", "daily-complete-5", "daily-complete-15"]));
    expect(ach.achievements).not.toContain("daily-complete-30");
    expect((await balances(ctx, u.id)).coins).toBe(21 * 10 + 2 * 50);
  });
});

import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { createTask } from "../tasks/test-support";
import { balances, json, ledgerRows, seedToday } from "./test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());
const DAY = 24 * 3600_000;

describe("a wheel spin moves the quests in its own transaction", () => {
  it("completes today's « Tourner la roue » and pays it through the ledger; the spin's newCoins include it", async () => {
    ctx = createTestApp();
    const u = await ctx.user({ role: "eleve" }, { questions: false });
    await seedToday(ctx, u.id, ["wheel-1", "devoirs", "visit-shop"]);
    const spin = await json(await ctx.request("POST", "/api/coins/spin-wheel", { token: u.token }));
    expect(await ledgerRows(ctx, u.id, "quest", "wheel-1:2026-11-16")).toBe(1);
    expect(spin.newCoins).toBe(spin.coinsWon + 10);
    expect((await balances(ctx, u.id)).coins).toBe(spin.newCoins);
    const daily = await json(await ctx.request("GET", "/api/quests/daily", { token: u.token }));
    expect(daily.dailyQuests[0]).toMatchObject({ id: "wheel-1", done: true });
    const stats = await json(await ctx.request("GET", "/api/quests/stats", { token: u.token }));
    expect(stats.wheelSpinTotal).toBe(1);
    expect((await json(await ctx.request("GET", "/api/quests/achievements", { token: u.token }))).achievements).toContain("ach-wheel-once");
  });

  it("wheel-10 pays 100 coins to the wallet at the 10th spin, once; a week-end's two spins unlock « Un week-end souriant »", async () => {
    ctx = createTestApp();
    const u = await ctx.user({ role: "eleve" }, { questions: false });
    // Monday 16 November 2026: spins from Saturday 21 (day 5) to Monday 30 (day 14).
    ctx.clock.now += 5 * DAY;
    for (let i = 0; i < 10; i++) {
      expect((await ctx.request("POST", "/api/coins/spin-wheel", { token: u.token })).status).toBe(200);
      if (i === 1) {
        const stats = await json(await ctx.request("GET", "/api/quests/stats", { token: u.token }));
        expect(stats.wheelWeekendSpinsToday).toEqual({ ymd: "2026-11-22", count: 2 });
        expect((await json(await ctx.request("GET", "/api/quests/achievements", { token: u.token }))).achievements).toContain(
          "wheel-weekend-spin-2",
        );
      }
      ctx.clock.now += DAY;
    }
    expect(await ledgerRows(ctx, u.id, "quest-repeatable")).toBe(1);
    expect(await ledgerRows(ctx, u.id, "quest-repeatable", "wheel-10:2026-11-30")).toBe(1);
    const rep = await json(await ctx.request("GET", "/api/quests/repeatable", { token: u.token }));
    expect(rep.repeatable.find((r: { id: string }) => r.id === "wheel-10").progress).toBe(0);
    expect(rep.repeatable.find((r: { id: string }) => r.id === "wheel-25").progress).toBe(40);
    const stats = await json(await ctx.request("GET", "/api/quests/stats", { token: u.token }));
    expect(stats).toMatchObject({ wheelSpinTotal: 10, repeatCompleted: 1 });
    expect((await json(await ctx.request("GET", "/api/quests/achievements", { token: u.token }))).achievements).toContain("wheel-spin-10");
  });
});

async function classTasks(admin: TestUser, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await createTask(ctx, admin.token, { titre: `Devoir ${i}`, date: "2026-12-20" })).id);
  return ids;
}

describe("a counted task check moves the task repeatables and achievements", () => {
  it("the 10th check pays the milestone only, the 20th pays tasks-10; unchecking and checking again never pays twice", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin" }, { questions: false });
    const u = await ctx.user({ role: "eleve", year: "BUT1", groupe: "A" }, { questions: false });
    const ids = await classTasks(admin, 20);
    const check = (id: string) => ctx.request("POST", `/api/events/${id}/check`, { token: u.token });
    for (const id of ids.slice(0, 10)) await check(id);
    expect(await ledgerRows(ctx, u.id, "milestone")).toBe(1);
    expect(await ledgerRows(ctx, u.id, "quest-repeatable")).toBe(0);
    expect((await json(await ctx.request("GET", "/api/quests/achievements", { token: u.token }))).achievements).toContain(
      "tasks-validate-10",
    );
    for (const id of ids.slice(10, 20)) await check(id);
    expect(await ledgerRows(ctx, u.id, "quest-repeatable", "tasks-10:2026-11-16")).toBe(1);
    await ctx.request("POST", `/api/events/${ids[19]}/uncheck`, { token: u.token });
    await check(ids[19]!);
    expect(await ledgerRows(ctx, u.id, "quest-repeatable")).toBe(1);
    expect((await balances(ctx, u.id)).coins).toBe(50 + 50);
    const rep = await json(await ctx.request("GET", "/api/quests/repeatable", { token: u.token }));
    expect(rep.repeatable.find((r: { id: string }) => r.id === "tasks-25").progress).toBe(80);
    expect((await json(await ctx.request("GET", "/api/quests/stats", { token: u.token }))).completedTasks).toBe(20);
  });

  it("checks on three different Paris days unlock « Routine héroïque »", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin" }, { questions: false });
    const u = await ctx.user({ role: "eleve", year: "BUT1", groupe: "A" }, { questions: false });
    const ids = await classTasks(admin, 4);
    const unlocked = async () => (await json(await ctx.request("GET", "/api/quests/achievements", { token: u.token }))).achievements;
    await ctx.request("POST", `/api/events/${ids[0]}/check`, { token: u.token });
    await ctx.request("POST", `/api/events/${ids[1]}/check`, { token: u.token });
    ctx.clock.now += DAY;
    await ctx.request("POST", `/api/events/${ids[2]}/check`, { token: u.token });
    expect(await unlocked()).not.toContain("ach-task-streak");
    ctx.clock.now += DAY;
    await ctx.request("POST", `/api/events/${ids[3]}/check`, { token: u.token });
    expect(await unlocked()).toContain("ach-task-streak");
  });
});

describe("the data export (« Mes données »)", () => {
  it("holds the user's quests, counters and achievements in pieces.json", async () => {
    ctx = createTestApp();
    const u = await ctx.user({ role: "eleve" }, { questions: false });
    await seedToday(ctx, u.id, ["wheel-1", "devoirs", "visit-shop"]);
    await ctx.request("POST", "/api/coins/spin-wheel", { token: u.token });
    const res = await ctx.request("GET", "/api/privacy/me/export", { token: u.token });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const quests = (JSON.parse(strFromU8(files["donnees/pieces.json"]!)) as { quests: Record<string, Record<string, unknown>[]> }).quests;
    expect(quests.daily).toEqual([
      { parisDay: "2026-11-16", slot: 0, questId: "wheel-1", doneAt: "2026-11-16T09:00:00.000Z" },
      { parisDay: "2026-11-16", slot: 1, questId: "devoirs", doneAt: null },
      { parisDay: "2026-11-16", slot: 2, questId: "visit-shop", doneAt: null },
    ]);
    expect(quests.counters).toEqual(expect.arrayContaining([{ counter: "wheel-spins", value: 1, parisDay: null }]));
    expect(quests.achievements!.map((a) => a.achievementId)).toEqual(expect.arrayContaining(["ach-first-quest", "ach-wheel-once"]));
    expect(strFromU8(files["LISEZMOI.txt"]!)).toContain("achievements : vos succès débloqués");
  });
});

import { first } from "../../db/engine";
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { coinLedger, users } from "../../db/schema";
import { payTaskMilestones } from "./milestones";
import { fastUsers, json } from "./test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("task milestones", () => {
  it("pays +50/+120/+300 at the 10th/25th/50th counted task, once per threshold ever", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    const pay = (n: number) => ctx.deps.db.transaction((tx) => payTaskMilestones(tx, u!.id, n, ctx.deps.now()));
    expect(await pay(9)).toBe(0);
    expect(await pay(10)).toBe(50);
    expect(await pay(9)).toBe(0); // uncheck
    expect(await pay(10)).toBe(0); // check again: already paid
    expect(await pay(25)).toBe(120);
    expect(await pay(60)).toBe(300);
    expect(await pay(60)).toBe(0);
    const row = (await first(ctx.deps.db.select().from(users).where(eq(users.id, u!.id))))!;
    expect([row.coins, row.leaderboardCoins]).toEqual([470, 470]);
    expect((await ctx.deps.db.select().from(coinLedger).where(eq(coinLedger.reason, "milestone"))).map((r) => r.reference)).toEqual([
      "tasks:10",
      "tasks:25",
      "tasks:50",
    ]);
  });
});

describe("reward items on account creation", () => {
  it("gives Prestige to the first 10 student-side accounts ever and Planify to admins", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin" }, { questions: false });
    const prof = await ctx.user({ role: "prof" }, { questions: false });
    const students = [];
    for (let i = 0; i < 11; i++) students.push(await ctx.user({ role: i % 3 === 0 ? "delegue" : "eleve" }, { questions: false }));
    const owned = async (token: string) =>
      (await json(await ctx.request("GET", "/api/coins/inventory", { token }))).purchasedItems.map((i: { itemId: number }) => i.itemId);
    expect(await owned(admin.token)).toEqual([0, 28]);
    expect(await owned(prof.token)).toEqual([0]);
    for (const s of students.slice(0, 10)) expect(await owned(s.token)).toEqual([0, 27]);
    // Deleting an early account does not free a Prestige slot.
    await ctx.deps.db.delete(users).where(eq(users.id, students[0]!.id));
    const late = await ctx.user({ role: "eleve" }, { questions: false });
    expect(await owned(students[10]!.token)).toEqual([0]);
    expect(await owned(late.token)).toEqual([0]);
  });
});

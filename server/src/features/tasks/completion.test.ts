import { first } from "../../db/engine";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { tasks, users } from "../../db/schema";
import { createTask, type EventJson } from "./test-support";

// completedTasks: counted on the first check of a non-exam task before its
// Paris deadline, removed on uncheck, never counted twice.
let ctx: TestContext;
let prof: TestUser;
let student: TestUser;
let homework: EventJson;
let exam: EventJson;
let past: EventJson;

beforeAll(async () => {
  ctx = createTestApp();
  prof = await ctx.user({ role: "prof", username: "prof" });
  student = await ctx.user({ role: "eleve", username: "eleve" });
  homework = await createTask(ctx, prof.token, { titre: "Devoir" });
  exam = await createTask(ctx, prof.token, { titre: "Examen", type: "exam" });
  // The test clock is Monday 16 Nov 2026 10:00 Paris: 09:30 that day has passed.
  past = await createTask(ctx, prof.token, { titre: "En retard", date: "2026-11-16", heure: "09:30" });
});
afterAll(() => ctx.close());

const act = async (task: EventJson, action: string) => {
  const res = await ctx.request("POST", `/api/events/${task.id}/${action}`, { token: student.token });
  expect(res.status).toBe(200);
  return (await res.json()) as { completedTasks: number; event: EventJson };
};
const stored = async () => (await first(ctx.deps.db.select({ n: users.completedTasks }).from(users).where(eq(users.id, student.id))))!.n;

describe("completedTasks", () => {
  it("the first check before the deadline counts once; a repeated check does not", async () => {
    expect((await act(homework, "check")).completedTasks).toBe(1);
    expect((await act(homework, "check")).completedTasks).toBe(1);
    expect(await stored()).toBe(1);
  });

  it("uncheck removes the count; check again counts it back, never twice", async () => {
    expect((await act(homework, "uncheck")).completedTasks).toBe(0);
    expect((await act(homework, "uncheck")).completedTasks).toBe(0);
    expect((await act(homework, "check")).completedTasks).toBe(1);
    expect((await act(homework, "archive")).completedTasks).toBe(1);
    expect(await stored()).toBe(1);
  });

  it("an exam or a late task is checked without counting, and unchecking it removes nothing", async () => {
    const e = await act(exam, "check");
    expect(e.event.checked).toBe(true);
    expect(e.completedTasks).toBe(1);
    const p = await act(past, "check");
    expect(p.event).toMatchObject({ checked: true, late: false });
    expect(p.completedTasks).toBe(1);
    expect((await act(past, "uncheck")).completedTasks).toBe(1);
    expect((await act(exam, "uncheck")).completedTasks).toBe(1);
  });

  it("a task checked in time and unchecked after the deadline gives its count back", async () => {
    const soon = await createTask(ctx, prof.token, { titre: "Bientôt", date: "2026-11-16", heure: "11:00" });
    expect((await act(soon, "check")).completedTasks).toBe(2);
    ctx.clock.now += 2 * 3_600_000;
    expect((await act(soon, "uncheck")).completedTasks).toBe(1);
    expect((await act(soon, "check")).completedTasks).toBe(1);
    expect((await act(soon, "check")).event.late).toBe(false);
  });

  it("the state is per user: the prof's list is untouched", async () => {
    const res = await ctx.request("GET", `/api/events/${homework.id}`, { token: prof.token });
    expect(((await res.json()) as { event: EventJson }).event).toMatchObject({ checked: false, archived: false });
  });

  it("a task one created never counts, and a hard delete takes its counted checks back", async () => {
    const own = await createTask(ctx, prof.token, { titre: "Le mien" });
    const mine = await ctx.request("POST", `/api/events/${own.id}/check`, { token: prof.token });
    expect(((await mine.json()) as { completedTasks: number }).completedTasks).toBe(0);
    const doomed = await createTask(ctx, prof.token, { titre: "Supprimé ensuite" });
    const before = await stored();
    expect((await act(doomed, "check")).completedTasks).toBe(before + 1);
    const del = await ctx.request("POST", `/api/events/${doomed.id}/hard-delete`, { token: prof.token });
    expect(del.status).toBe(200);
    expect(await stored()).toBe(before);
  });

  it("a student's validated proposal (a class task they authored) counts for them like for the others", async () => {
    const proposed = await createTask(ctx, prof.token, { titre: "Proposé par l'élève" });
    await ctx.deps.db.update(tasks).set({ createdBy: student.id }).where(eq(tasks.id, proposed.id));
    const before = await stored();
    expect((await act(proposed, "check")).completedTasks).toBe(before + 1);
  });

  it("a check replayed with its Idempotency-Key (the offline queue) acts once, even after a later uncheck", async () => {
    const task = await createTask(ctx, prof.token, { titre: "Coché hors ligne" });
    const before = await stored();
    const send = (action: string, key?: string) =>
      ctx.request("POST", `/api/events/${task.id}/${action}`, { token: student.token, headers: key ? { "idempotency-key": key } : {} });
    const first = await send("check", "offline-1");
    expect(((await first.json()) as { completedTasks: number }).completedTasks).toBe(before + 1);
    const again = await send("check", "offline-1");
    expect(((await again.json()) as { completedTasks: number }).completedTasks).toBe(before + 1);
    expect(await stored()).toBe(before + 1);
    await send("uncheck");
    expect(await stored()).toBe(before);
    // A late replay of the first check must not tick the task again nor count it again.
    const late = await send("check", "offline-1");
    expect(late.status).toBe(200);
    expect(await stored()).toBe(before);
    const res = await ctx.request("GET", `/api/events/${task.id}`, { token: student.token });
    expect(((await res.json()) as { event: EventJson }).event.checked).toBe(false);
    expect((await send("check", "pas une clé !")).status).toBe(400);
  });
});

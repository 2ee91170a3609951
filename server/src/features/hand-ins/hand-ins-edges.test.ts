import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { FIXTURES, filesForm } from "../tasks/test-support";
import { call, DAY, deposit, handInTask, rowOf, SETUP_MS, student, TASK_DEADLINE } from "./test-support";

// The edges a review found: a copy returned alone reaches the student's list (its ETag moves),
// an extension never shortens a deadline, a re-marked new version can be returned again, the
// scale is fixed once marks were given, and tasks no teacher owns are in every teacher's
// « À corriger ».
let ctx: TestContext;
let prof: TestUser;

beforeAll(async () => {
  ctx = createTestApp();
  prof = await ctx.user({ role: "prof", username: "prof" });
}, SETUP_MS);
afterAll(() => ctx.close());

type ListJson = { events: { id: string; start: string; handIn?: { corrected: boolean; extended: boolean } }[] };
const list = (who: TestUser, etag?: string) =>
  ctx.request("GET", "/api/events", { token: who.token, headers: etag ? { "if-none-match": etag } : {} });

describe("hand-in edges", () => {
  it(
    "a corrected copy returned with no comment nor mark moves the student's list: « Corrigé » shows, no stale 304",
    async () => {
      const task = await handInTask(ctx, prof.token, { titre: "Copie seule" });
      const dan = await student(ctx, "dan");
      await deposit(ctx, dan, task.id);
      const before = await list(dan);
      const etag = before.headers.get("etag")!;
      expect(etag).toBeTruthy();
      const form = filesForm([["corrige.pdf", FIXTURES.pdf()]]);
      const added = await ctx.request("POST", `/api/hand-ins/tasks/${task.id}/students/${dan.id}/returned`, {
        token: prof.token,
        body: form,
      });
      expect(added.status).toBe(201);
      ctx.clock.now += 1_000;
      expect(await call(ctx, prof, "POST", `/tasks/${task.id}/publish`, 200)).toMatchObject({ published: 1 });
      const after = await list(dan, etag);
      expect(after.status).toBe(200);
      const mine = ((await after.json()) as ListJson).events.find((e) => e.id === task.id)!;
      expect(mine.handIn).toMatchObject({ corrected: true });
    },
    SETUP_MS,
  );

  it(
    "an extension never shortens: once the task moves past it, the task's deadline counts and it is no longer « prolongé »",
    async () => {
      const task = await handInTask(ctx, prof.token, { titre: "Délai déplacé" });
      const eva = await student(ctx, "eva");
      const own = { date: "2026-11-21", heure: "18:00" };
      await call(ctx, prof, "PUT", `/tasks/${task.id}/students/${eva.id}/override`, 200, { deadline: own, exempt: false });
      expect(await rowOf(ctx, prof, task.id, eva.id)).toMatchObject({ extended: true, deadline: "2026-11-21T17:00:00.000Z" });
      // The teacher gives the whole class three more days, past Eva's own date.
      const moved = await ctx.request("PUT", `/api/events/${task.id}`, { token: prof.token, body: { date: "2026-11-23" } });
      expect(moved.status).toBe(200);
      const row = await rowOf(ctx, prof, task.id, eva.id);
      expect(row.extended).toBe(false);
      expect(Date.parse(row.deadline)).toBe(TASK_DEADLINE + 3 * DAY);
      const mine = ((await (await list(eva)).json()) as ListJson).events.find((e) => e.id === task.id)!;
      expect(Date.parse(mine.start)).toBe(TASK_DEADLINE + 3 * DAY);
      expect(mine.handIn?.extended ?? false).toBe(false);
    },
    SETUP_MS,
  );

  it(
    "after a reopen, a new version marked with the same comment and mark can be returned again",
    async () => {
      const task = await handInTask(ctx, prof.token, { titre: "Deuxième essai" });
      const fay = await student(ctx, "fay");
      await deposit(ctx, fay, task.id, "v1.pdf");
      const feedback = { comment: "<p>Bien</p>", mark: "12" };
      await call(ctx, prof, "PUT", `/tasks/${task.id}/students/${fay.id}/feedback`, 200, feedback);
      ctx.clock.now += 1_000;
      await call(ctx, prof, "POST", `/tasks/${task.id}/publish`, 200);
      ctx.clock.now += 1_000;
      await call(ctx, prof, "POST", `/tasks/${task.id}/students/${fay.id}/reopen`, 200);
      ctx.clock.now += 1_000;
      await deposit(ctx, fay, task.id, "v2.pdf");
      expect(await rowOf(ctx, prof, task.id, fay.id)).toMatchObject({ version: 2, open: true });
      await call(ctx, prof, "PUT", `/tasks/${task.id}/students/${fay.id}/feedback`, 200, feedback);
      expect(await rowOf(ctx, prof, task.id, fay.id)).toMatchObject({ feedback: "brouillon" });
      ctx.clock.now += 1_000;
      expect(await call(ctx, prof, "POST", `/tasks/${task.id}/publish`, 200)).toMatchObject({ published: 1 });
      expect(await rowOf(ctx, prof, task.id, fay.id)).toMatchObject({ feedback: "corrige", open: false });
    },
    SETUP_MS,
  );

  it(
    "the scale is fixed once marks were returned on it",
    async () => {
      const task = await handInTask(ctx, prof.token, { titre: "Barème figé" });
      const gil = await student(ctx, "gil");
      await deposit(ctx, gil, task.id);
      await call(ctx, prof, "PUT", `/tasks/${task.id}/scale`, 200, { markScale: 40 });
      await call(ctx, prof, "PUT", `/tasks/${task.id}/students/${gil.id}/feedback`, 200, { comment: "", mark: "30" });
      ctx.clock.now += 1_000;
      await call(ctx, prof, "POST", `/tasks/${task.id}/publish`, 200);
      const refused = await ctx.request("PUT", `/api/hand-ins/tasks/${task.id}/scale`, { token: prof.token, body: { markScale: 50 } });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toBe(H.scaleAfterReturn);
    },
    SETUP_MS,
  );

  it(
    "a hand-in task a delegate created is in every teacher's « À corriger »",
    async () => {
      const delegue = await ctx.user({ role: "delegue", username: "delegue", year: "BUT1", groupe: "A", specialite: "devweb" });
      const task = await handInTask(ctx, delegue.token, { titre: "Tâche du délégué", submissionEnabled: false });
      const opened = await ctx.request("PUT", `/api/events/${task.id}`, { token: prof.token, body: { submissionEnabled: true } });
      expect(opened.status).toBe(200);
      const hal = await student(ctx, "hal");
      await deposit(ctx, hal, task.id);
      const other = await ctx.user({ role: "prof", username: "prof3" });
      for (const teacher of [prof, other]) {
        const toMark = await call<{ tasks: { task: { titre: string } }[] }>(ctx, teacher, "GET", "/to-mark", 200);
        expect(toMark.tasks.map((t) => t.task.titre)).toContain("Tâche du délégué");
      }
    },
    SETUP_MS,
  );
});

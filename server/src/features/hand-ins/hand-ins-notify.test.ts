import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { DEFAULT_REMINDER_PREFS } from "@planify/common/constants/reminders";
import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { handInFeedback, handInNudges, liveEvents, reminderDeliveries, users } from "../../db/schema";
import { first } from "../../db/engine";
import type { UserRow } from "../../db/types";
import { FIXTURES, filesForm, listFiles, type EventJson } from "../tasks/test-support";
import { publishAll } from "./publish";
import { call, DAY, deposit, handInTask, rowOf, student, table, SETUP_MS } from "./test-support";

// « Rendre les copies » (all at once or none, then each student told) and « Relancer les
// retardataires » (once a day, only those who have not handed in and still may).
let ctx: TestContext;
let prof: TestUser;
let profRow: UserRow;
const desk = new Map<string, string>();

/** Turns on a Planify Desktop window for this student: their notices wait in its inbox. */
async function desktop(who: TestUser): Promise<void> {
  const res = await ctx.request("POST", "/api/reminders/subscriptions", { token: who.token, body: { kind: "desktop", label: "PC" } });
  expect(res.status).toBe(201);
  desk.set(who.id, ((await res.json()) as { device: { id: string } }).device.id);
}

/** What this student's desktop window would show. */
async function inbox(who: TestUser): Promise<{ title: string; body: string; url: string }[]> {
  const res = await ctx.request("GET", `/api/reminders/pending?device=${desk.get(who.id)}`, { token: who.token });
  return ((await res.json()) as { notifications: { title: string; body: string; url: string }[] }).notifications;
}

beforeAll(async () => {
  ctx = createTestApp();
  prof = await ctx.user({ role: "prof", username: "prof" });
  profRow = (await first(ctx.deps.db.select().from(users).where(eq(users.id, prof.id))))!;
}, SETUP_MS);
afterAll(() => ctx.close());

describe("« Rendre les copies »", () => {
  let task: EventJson;
  let ana: TestUser;
  let ben: TestUser;
  let cleo: TestUser;
  const draft = (who: TestUser, mark: string) =>
    call(ctx, prof, "PUT", `/tasks/${task.id}/students/${who.id}/feedback`, 200, { comment: `<p>Note ${mark}</p>`, mark });

  beforeAll(async () => {
    task = await handInTask(ctx, prof.token, { titre: "Compte rendu" });
    ana = await student(ctx, "ana");
    ben = await student(ctx, "ben");
    cleo = await student(ctx, "cleo");
    for (const who of [ana, ben, cleo]) {
      await desktop(who);
      await deposit(ctx, who, task.id);
    }
    await draft(ana, "14");
    await draft(ben, "9,5");
  }, SETUP_MS);

  it("a failure midway publishes none", async () => {
    const hook = (_: string, i: number) => {
      if (i === 1) throw new Error("panne au milieu");
    };
    await expect(publishAll(ctx.deps, profRow, task.id, hook)).rejects.toThrow("panne au milieu");
    const published = await ctx.deps.db
      .select()
      .from(handInFeedback)
      .where(and(eq(handInFeedback.taskId, task.id), isNotNull(handInFeedback.publishedAt)));
    expect(published).toEqual([]);
    expect((await table(ctx, prof, task.id)).counts).toMatchObject({ brouillons: 2, corriges: 0 });
    expect(await inbox(ana)).toEqual([]);
  });

  it("publishes every draft at once and tells each student", async () => {
    const before = (await ctx.deps.db.select({ id: liveEvents.id }).from(liveEvents)).length;
    expect(await call(ctx, prof, "POST", `/tasks/${task.id}/publish`, 200)).toMatchObject({ message: "2 copies rendues.", published: 2 });
    expect(await rowOf(ctx, prof, task.id, ana.id)).toMatchObject({ feedback: "corrige", mark: 14, publishedMark: 14, open: false });
    expect(await rowOf(ctx, prof, task.id, ben.id)).toMatchObject({ feedback: "corrige", publishedMark: 9.5 });
    expect(await rowOf(ctx, prof, task.id, cleo.id)).toMatchObject({ feedback: "aucun", publishedMark: null, open: true });
    for (const who of [ana, ben]) {
      expect(await inbox(who)).toEqual([
        {
          id: expect.any(Number),
          title: "Copie corrigée : Compte rendu",
          body: H.feedbackBody,
          tag: `copie-${task.id}`,
          url: `/devoirs?tache=${task.id}`,
        },
      ]);
    }
    expect(await inbox(cleo)).toEqual([]);
    // The students' lists and the teachers' tables hear it.
    const events = (await ctx.deps.db.select().from(liveEvents)).slice(before);
    expect(events.map((e) => [e.kind, JSON.parse(e.audience)])).toEqual([
      ["tasks", { users: [ana.id, ben.id] }],
      ["submissions", { staff: true }],
    ]);
  });

  it("nothing left to publish is said so", async () => {
    expect((await call(ctx, prof, "POST", `/tasks/${task.id}/publish`, 409)).message).toBe(H.nothingToPublish);
  });

  it("a changed draft or a new returned copy is published again; an unchanged one is not", async () => {
    await draft(ana, "15");
    const form = filesForm([["corrige.pdf", FIXTURES.pdf()]]);
    const res = await ctx.request("POST", `/api/hand-ins/tasks/${task.id}/students/${cleo.id}/returned`, { token: prof.token, body: form });
    expect(res.status).toBe(201);
    const copy = ((await res.json()) as { files: { filename: string }[] }).files[0]!.filename;
    const hidden = await ctx.request("GET", `/api/hand-ins/returned/${task.id}/${copy}/download`, { token: cleo.token });
    expect(hidden.status).toBe(404);
    expect(await rowOf(ctx, prof, task.id, cleo.id)).toMatchObject({ feedback: "brouillon" });
    ctx.clock.now += 60_000;
    expect(await call(ctx, prof, "POST", `/tasks/${task.id}/publish`, 200)).toMatchObject({ published: 2 });
    expect(await rowOf(ctx, prof, task.id, ana.id)).toMatchObject({ publishedMark: 15 });
    const shown = await ctx.request("GET", `/api/hand-ins/returned/${task.id}/${copy}/download`, { token: cleo.token });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-disposition")).toContain('filename="corrige.pdf"');
    // Another student never gets it.
    expect((await ctx.request("GET", `/api/hand-ins/returned/${task.id}/${copy}/download`, { token: ana.token })).status).toBe(404);
    expect((await inbox(ben)).length).toBe(1);
  });
});

describe("returned copies", () => {
  it("at most RETURNED_FILES_MAX per student, checked by content; a refused upload leaves no file", async () => {
    const task = await handInTask(ctx, prof.token, { titre: "Carnet" });
    const who = await student(ctx, "rita");
    const url = `/api/hand-ins/tasks/${task.id}/students/${who.id}/returned`;
    const send = (files: [string, Uint8Array][]) => ctx.request("POST", url, { token: prof.token, body: filesForm(files) });
    const nine = Array.from({ length: 9 }, (_, i): [string, Uint8Array] => [`page-${i}.pdf`, FIXTURES.pdf()]);
    expect((await send(nine)).status).toBe(201);
    const disguised = await send([["corrige.pdf", FIXTURES.png()]]);
    expect(disguised.status).toBe(415);
    const tooMany = await send([
      ["a.pdf", FIXTURES.pdf()],
      ["b.pdf", FIXTURES.pdf()],
    ]);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toBe(H.returnedFilesMax);
    expect(listFiles(ctx.deps.uploadsDir).filter((f) => f.includes(`returned/${task.id}/`))).toHaveLength(9);
    expect((await send([["dernier.pdf", FIXTURES.pdf()]])).status).toBe(201);
  });
});

describe("« Relancer les retardataires »", () => {
  let task: EventJson;
  const who: Record<string, TestUser> = {};
  const nudgeRows = () => ctx.deps.db.select().from(handInNudges).where(eq(handInNudges.taskId, task.id));

  beforeAll(async () => {
    task = await handInTask(ctx, prof.token, { titre: "Exposé", groupes: ["B"], groupe: "B" });
    for (const name of ["rendu", "absent", "sans-appareil", "dispense", "ferme", "muet"]) {
      who[name] = await student(ctx, `n-${name}`, { groupe: "B" });
    }
    for (const name of ["rendu", "absent", "dispense", "ferme", "muet"]) await desktop(who[name]!);
    await deposit(ctx, who.rendu!, task.id);
    await call(ctx, prof, "PUT", `/tasks/${task.id}/students/${who.dispense!.id}/override`, 200, { deadline: null, exempt: true });
    // A mark for a copy never handed in, returned: their box is closed.
    await call(ctx, prof, "PUT", `/tasks/${task.id}/students/${who.ferme!.id}/feedback`, 200, { comment: "<p>Absent</p>", mark: "0" });
    await call(ctx, prof, "POST", `/tasks/${task.id}/publish`, 200);
    const off = await ctx.request("PUT", "/api/reminders/settings", {
      token: who.muet!.token,
      body: { ...DEFAULT_REMINDER_PREFS, enabled: false },
    });
    expect(off.status).toBe(200);
  }, SETUP_MS);

  it("reminds only those who have not handed in and still may, through their own channels", async () => {
    expect(await call(ctx, prof, "POST", `/tasks/${task.id}/nudge`, 200)).toMatchObject({ message: "3 étudiants relancés.", sent: 3 });
    expect(await inbox(who.absent!)).toEqual([
      expect.objectContaining({ title: "Dépôt attendu : Exposé", body: H.nudgeBody("20/11/2026 18:00") }),
    ]);
    for (const name of ["rendu", "dispense", "muet"]) expect(await inbox(who[name]!), name).toEqual([]);
    expect((await inbox(who.ferme!)).map((n) => n.title)).toEqual(["Copie corrigée : Exposé"]);
    const rows = await ctx.deps.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.lead, "nudge"));
    expect(rows.map((r) => [r.userId, r.status, r.taskId])).toEqual([[who.absent!.id, "pending", `nudge:${task.id}:2026-11-16`]]);
    expect(await nudgeRows()).toMatchObject([{ parisDay: "2026-11-16", recipients: 3, sentBy: prof.id }]);
    expect((await table(ctx, prof, task.id)).nudgedToday).toBe(true);
  });

  it("once a day at most (Paris)", async () => {
    expect((await call(ctx, prof, "POST", `/tasks/${task.id}/nudge`, 409)).message).toBe(H.nudgeAlreadyToday);
    ctx.clock.now += DAY;
    expect((await table(ctx, prof, task.id)).nudgedToday).toBe(false);
    expect(await call(ctx, prof, "POST", `/tasks/${task.id}/nudge`, 200)).toMatchObject({ sent: 3 });
    expect((await nudgeRows()).length).toBe(2);
  });

  it("with nobody to remind, says so and records nothing", async () => {
    const done = await handInTask(ctx, prof.token, { titre: "Quiz", groupes: ["A'"], groupe: "A'" });
    const only = await student(ctx, "seul", { groupe: "A'" });
    await deposit(ctx, only, done.id);
    expect(await call(ctx, prof, "POST", `/tasks/${done.id}/nudge`, 200)).toEqual({ success: true, message: H.nudgeDone(0), sent: 0 });
    expect(await ctx.deps.db.select().from(handInNudges).where(eq(handInNudges.taskId, done.id))).toEqual([]);
  });
});

describe("« À corriger »", () => {
  it(
    "lists the caller's tasks whose hand-ins wait for marking, with the counts, by deadline",
    async () => {
      const other = await ctx.user({ role: "prof", username: "prof2" });
      const later = await handInTask(ctx, other.token, { titre: "Plus tard", date: "2026-12-04", groupes: ["B'"], groupe: "B'" });
      const sooner = await handInTask(ctx, other.token, { titre: "Bientôt", date: "2026-11-27", groupes: ["B'"], groupe: "B'" });
      const nothing = await handInTask(ctx, other.token, { titre: "Rien rendu", groupes: ["B'"], groupe: "B'" });
      const [d1, d2, d3] = [
        await student(ctx, "d1", { groupe: "B'" }),
        await student(ctx, "d2", { groupe: "B'" }),
        await student(ctx, "d3", { groupe: "B'" }),
      ];
      for (const s of [d1, d2]) await deposit(ctx, s, later.id);
      await deposit(ctx, d1, sooner.id);
      await call(ctx, other, "PUT", `/tasks/${sooner.id}/students/${d3.id}/override`, 200, { deadline: null, exempt: true });
      await call(ctx, other, "PUT", `/tasks/${later.id}/students/${d1.id}/feedback`, 200, { comment: "", mark: "10" });
      const list = await call<{
        tasks: { task: { titre: string }; expected: number; handedIn: number; aCorriger: number; brouillons: number }[];
      }>(ctx, other, "GET", "/to-mark", 200);
      expect(list.tasks.map((t) => [t.task.titre, t.expected, t.handedIn, t.aCorriger, t.brouillons])).toEqual([
        ["Bientôt", 2, 1, 1, 0],
        ["Plus tard", 3, 2, 1, 1],
      ]);
      expect(list.tasks.some((t) => t.task.titre === nothing.titre)).toBe(false);
      // Another teacher's tasks are not in mine.
      expect(
        (await call<{ tasks: { task: { titre: string } }[] }>(ctx, prof, "GET", "/to-mark", 200)).tasks.map((t) => t.task.titre),
      ).not.toContain("Bientôt");
    },
    SETUP_MS,
  );
});

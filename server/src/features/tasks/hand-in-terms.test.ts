import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { handInFeedback, handInOverrides, handInVersions, taskFiles, users } from "../../db/schema";
import { parisToUtc } from "@planify/common/time/paris-time";
import { createTask, FIXTURES, filesForm, type EventJson } from "./test-support";
import { openTasks } from "../reminders/dispatch";
import { sweepUploadsAtStart } from "./files-service";
import { isStored } from "../../../test/stored-files";

// A student's own terms on a task's hand-in, everywhere the tasks feature shows it: an extension
// moves their list's deadline, late flag and ETag, the teacher's ZIP folder name and their
// calendar feed; an exempt student is never late; each deposit and removal is a version; the
// box closes once the copy is returned and opens again on a reopen; the student reads the
// published feedback only.
let ctx: TestContext;
let prof: TestUser;
let marie: TestUser;
let paul: TestUser;
let task: EventJson;
const DEADLINE = parisToUtc("2026-11-20", "18:00");
const EXTENDED = parisToUtc("2026-11-23", "08:30");

beforeAll(async () => {
  ctx = createTestApp();
  prof = await ctx.user({ role: "prof", username: "prof.dumas" });
  marie = await ctx.user({ role: "eleve", username: "marie.d", firstName: "Marie", lastName: "Dupont" });
  paul = await ctx.user({ role: "eleve", username: "paul.m", firstName: "Paul", lastName: "Martin" });
  task = await createTask(ctx, prof.token, { titre: "Rapport de stage", submissionEnabled: true });
});
afterAll(() => ctx.close());

const deposit = (who: TestUser, name: string) =>
  ctx.request("POST", `/api/events/${task.id}/submissions`, { token: who.token, body: filesForm([[name, FIXTURES.pdf()]]) });
const listed = async (who: TestUser) => {
  const res = await ctx.request("GET", "/api/events", { token: who.token });
  const events = ((await res.json()) as { events: (EventJson & { date: string; heure: string; handIn?: Record<string, unknown> })[] })
    .events;
  return { etag: res.headers.get("etag")!, mine: events.find((e) => e.id === task.id)! };
};
const setOverride = (userId: string, values: { deadlineAt?: number | null; exempt?: boolean; reopenedAt?: number | null }) =>
  ctx.deps.db
    .insert(handInOverrides)
    .values({ taskId: task.id, userId, updatedAt: ctx.deps.now(), ...values })
    .onConflictDoUpdate({ target: [handInOverrides.taskId, handInOverrides.userId], set: values });
const mySubmission = async (who: TestUser) =>
  (await (await ctx.request("GET", `/api/events/${task.id}/my-submission`, { token: who.token })).json()) as {
    files: { filename: string; originalname: string; late: boolean }[];
    late: boolean;
    handIn: {
      status: string;
      deadline: string;
      extendedUntil: string | null;
      exempt: boolean;
      open: boolean;
      versions: { version: number; late: boolean; files: { originalname: string }[] }[];
      feedback: { comment: string; mark: number | null; markScale: number; files: { originalname: string; url: string }[] } | null;
    };
  };

describe("an extension moves one student's deadline everywhere", () => {
  it("late after the task's deadline, on time against their own once extended: list, ETag, my-submission", async () => {
    ctx.clock.now = DEADLINE + 3_600_000;
    expect((await deposit(marie, "rapport.pdf")).status).toBe(201);
    expect((await deposit(paul, "rapport-paul.pdf")).status).toBe(201);
    const before = await listed(marie);
    const paulBefore = await listed(paul);
    expect([before.mine.late, before.mine.start, before.mine.handIn]).toEqual([true, new Date(DEADLINE).toISOString(), undefined]);
    expect((await mySubmission(marie)).handIn).toMatchObject({ status: "en-retard", extendedUntil: null });

    await setOverride(marie.id, { deadlineAt: EXTENDED });
    const after = await listed(marie);
    expect(after.mine).toMatchObject({
      late: false,
      start: new Date(EXTENDED).toISOString(),
      date: "2026-11-23",
      heure: "08:30",
      handIn: { originalStart: new Date(DEADLINE).toISOString(), extended: true, exempt: false, corrected: false },
    });
    expect(after.etag).not.toBe(before.etag);
    // Paul keeps the task's deadline, and his list's validator did not move.
    const paulAfter = await listed(paul);
    expect([paulAfter.mine.late, paulAfter.etag]).toEqual([true, paulBefore.etag]);
    const mine = await mySubmission(marie);
    expect(mine.late).toBe(false);
    expect(mine.handIn).toMatchObject({ status: "rendu", extendedUntil: new Date(EXTENDED).toISOString(), open: true });
    expect(mine.handIn.versions.map((v) => [v.version, v.late])).toEqual([[1, false]]);
  });

  it("a long extension brings a task older than the list's recent window back into it, in order", async () => {
    const old = await createTask(ctx, prof.token, { titre: "Dossier d'octobre", date: "2026-10-05", submissionEnabled: true });
    const ids = async (who: TestUser) => {
      const res = await ctx.request("GET", "/api/events", { token: who.token });
      return ((await res.json()) as { events: { id: string; start: string }[] }).events;
    };
    expect((await ids(marie)).some((e) => e.id === old.id)).toBe(false);
    await ctx.deps.db.insert(handInOverrides).values({ taskId: old.id, userId: marie.id, deadlineAt: EXTENDED, updatedAt: ctx.deps.now() });
    const events = await ids(marie);
    expect(events.find((e) => e.id === old.id)?.start).toBe(new Date(EXTENDED).toISOString());
    expect(events.map((e) => e.start)).toEqual([...events.map((e) => e.start)].sort());
    expect((await ids(paul)).some((e) => e.id === old.id)).toBe(false);
  });

  it("the teacher's ZIP names each folder with the late flag judged against the student's own deadline", async () => {
    const res = await ctx.request("GET", `/api/events/${task.id}/submissions/zip`, { token: prof.token });
    expect(res.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer()))).sort()).toEqual([
      "Dupont Marie (dans les temps)/rapport.pdf",
      "Martin Paul (en retard)/rapport-paul.pdf",
    ]);
    const list = (await (await ctx.request("GET", `/api/events/${task.id}/submissions`, { token: prof.token })).json()) as {
      submissions: { userName: string; late: boolean }[];
    };
    expect(list.submissions.map((s) => [s.userName, s.late])).toEqual([
      ["marie.d", false],
      ["paul.m", true],
    ]);
  });

  it("the calendar feed puts the task at the student's own deadline", async () => {
    const feedOf = async (who: TestUser) => {
      const { url } = (await (await ctx.request("GET", "/api/calendar/me", { token: who.token })).json()) as { url: string };
      return await (await ctx.request("GET", new URL(url).pathname)).text();
    };
    expect(await feedOf(marie)).toContain("DTSTART;TZID=Europe/Paris:20261123T083000");
    expect(await feedOf(paul)).toContain("DTSTART;TZID=Europe/Paris:20261120T180000");
  });

  it("reminders follow the own deadline; none for an exempt student nor once handed in", async () => {
    const allowed = () => true;
    const row = async (u: TestUser) => (await ctx.deps.db.select().from(users).where(eq(users.id, u.id)))[0]!;
    const sara = await ctx.user({ role: "eleve", username: "sara.k" });
    const leo = await ctx.user({ role: "eleve", username: "leo.v" });
    const from = DEADLINE - 86_400_000;
    const ids = async (u: TestUser, until: number) => (await openTasks(ctx.deps.db, allowed, await row(u), from, until)).map((t) => t.id);
    // Sara has not handed in: reminded before the task's deadline, and at her own once extended.
    expect(await ids(sara, DEADLINE)).toEqual([task.id]);
    await setOverride(sara.id, { deadlineAt: EXTENDED });
    expect(await ids(sara, DEADLINE)).toEqual([]);
    const own = await openTasks(ctx.deps.db, allowed, await row(sara), from, EXTENDED);
    expect(own.map((t) => [t.id, t.deadlineAt, t.date, t.heure])).toEqual([[task.id, EXTENDED, "2026-11-23", "08:30"]]);
    // Léo is exempt; Marie handed in.
    await setOverride(leo.id, { exempt: true });
    expect(await ids(leo, EXTENDED)).toEqual([]);
    expect(await ids(marie, EXTENDED)).not.toContain(task.id);
  });
});

describe("an exempt student", () => {
  it("is never late, may clear the task without a deposit, and the calendar marks it", async () => {
    const lina = await ctx.user({ role: "eleve", username: "lina.r" });
    expect((await listed(lina)).mine.late).toBe(true);
    const refused = await ctx.request("DELETE", `/api/events/${task.id}`, { token: lina.token });
    expect(refused.status).toBe(400);
    await setOverride(lina.id, { exempt: true });
    const { mine } = await listed(lina);
    expect([mine.late, mine.handIn?.exempt]).toEqual([false, true]);
    expect((await mySubmission(lina)).handIn).toMatchObject({ status: "dispense", exempt: true });
    const { url } = (await (await ctx.request("GET", "/api/calendar/me", { token: lina.token })).json()) as { url: string };
    expect(await (await ctx.request("GET", new URL(url).pathname)).text()).toContain("Rapport de stage (dispensé)");
    expect((await ctx.request("DELETE", `/api/events/${task.id}`, { token: lina.token })).status).toBe(200);
  });
});

describe("versions", () => {
  it("each deposit and removal is a version; a removed file stays for the teacher", async () => {
    expect((await deposit(marie, "annexe.pdf")).status).toBe(201);
    const current = await mySubmission(marie);
    const annexe = current.files.find((f) => f.originalname === "annexe.pdf")!.filename;
    const del = await ctx.request("DELETE", `/api/events/${task.id}/my-submission/${annexe}`, { token: marie.token });
    expect(del.status).toBe(200);
    const after = await mySubmission(marie);
    expect(after.files.map((f) => f.originalname)).toEqual(["rapport.pdf"]);
    expect(after.handIn.versions.map((v) => [v.version, v.files.map((f) => f.originalname)])).toEqual([
      [3, ["rapport.pdf"]],
      [2, ["rapport.pdf", "annexe.pdf"]],
      [1, ["rapport.pdf"]],
    ]);
    // Versions 2 and 3 came before Marie's own (extended) deadline: none is late.
    expect(after.handIn.versions.every((v) => !v.late)).toBe(true);
    expect(await isStored(ctx.deps, `submissions/${task.id}/${annexe}`)).toBe(true);
    const byProf = await ctx.request("GET", `/api/events/${task.id}/submissions/${annexe}/download`, { token: prof.token });
    expect(byProf.status).toBe(200);
    expect(strFromU8(new Uint8Array(await byProf.arrayBuffer()))).toContain("%PDF");
    const zip = unzipSync(
      new Uint8Array(await (await ctx.request("GET", `/api/events/${task.id}/submissions/zip`, { token: prof.token })).arrayBuffer()),
    );
    expect(Object.keys(zip).filter((n) => n.startsWith("Dupont"))).toEqual(["Dupont Marie (dans les temps)/rapport.pdf"]);
  });

  it("a deposit after the student's own deadline is a late version", async () => {
    ctx.clock.now = EXTENDED + 60_000;
    expect((await deposit(marie, "oubli.pdf")).status).toBe(201);
    const { handIn } = await mySubmission(marie);
    expect(handIn.status).toBe("en-retard");
    expect(handIn.versions.map((v) => v.late)).toEqual([true, false, false, false]);
  });
});

describe("the versions' bound", () => {
  it("refuses a deposit past HAND_IN_VERSIONS_MAX versions, in French, and stores nothing", async () => {
    const theo = await ctx.user({ role: "eleve", username: "theo.b" });
    await ctx.deps.db.insert(handInVersions).values({ taskId: task.id, userId: theo.id, version: 100, at: ctx.deps.now(), files: "[]" });
    const res = await deposit(theo, "de-trop.pdf");
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([
      409,
      "Ce dépôt a atteint 100 versions : demandez à votre enseignant.",
    ]);
    expect(await ctx.deps.db.select().from(taskFiles).where(eq(taskFiles.userId, theo.id))).toEqual([]);
  });
});

describe("returned copies and the deposit box", () => {
  const returnedName = "Corrige0123456789abcdef.pdf";

  it("my-submission shows the published feedback only, never the draft", async () => {
    const at = ctx.deps.now();
    await ctx.deps.db
      .insert(handInFeedback)
      .values({ taskId: task.id, userId: marie.id, comment: "<p>Brouillon secret</p>", mark: 9, updatedAt: at });
    expect((await mySubmission(marie)).handIn.feedback).toBeNull();
    await ctx.deps.storage.write(`returned/${task.id}/${returnedName}`, FIXTURES.pdf());
    await ctx.deps.db.insert(taskFiles).values({
      storedName: returnedName,
      taskId: task.id,
      kind: "returned",
      userId: marie.id,
      originalName: "copie corrigée.pdf",
      ext: "pdf",
      size: FIXTURES.pdf().length,
      createdAt: at,
    });
    expect((await mySubmission(marie)).handIn.feedback).toBeNull();
    ctx.clock.now = at + 1_000;
    await ctx.deps.db
      .update(handInFeedback)
      .set({ publishedComment: "<p>Bon travail</p>", publishedMark: 15.5, publishedVersion: 4, publishedAt: ctx.deps.now() })
      .where(and(eq(handInFeedback.taskId, task.id), eq(handInFeedback.userId, marie.id)));
    const { handIn } = await mySubmission(marie);
    expect(handIn.feedback).toMatchObject({
      comment: "<p>Bon travail</p>",
      mark: 15.5,
      markScale: 20,
      files: [{ originalname: "copie corrigée.pdf", url: `/api/hand-ins/returned/${task.id}/${returnedName}/download` }],
    });
    expect(JSON.stringify(handIn)).not.toContain("Brouillon secret");
    expect((await listed(marie)).mine.handIn).toMatchObject({ corrected: true });
    // Paul reads nothing of Marie's feedback.
    expect((await mySubmission(paul)).handIn.feedback).toBeNull();
    // The teacher's ZIP holds it in Marie's « corrigé » folder.
    const zip = unzipSync(
      new Uint8Array(await (await ctx.request("GET", `/api/events/${task.id}/submissions/zip`, { token: prof.token })).arrayBuffer()),
    );
    expect(Object.keys(zip).filter((n) => n.includes("corrigé"))).toEqual(["Dupont Marie (en retard)/corrigé/copie corrigée.pdf"]);
  });

  it("the box is closed once the copy is returned, and open again after a reopen", async () => {
    const refused = await deposit(marie, "encore.pdf");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Votre copie a été corrigée : le dépôt est fermé (demandez à votre enseignant de le rouvrir).",
    );
    const { files, handIn } = await mySubmission(marie);
    expect(handIn.open).toBe(false);
    const removal = await ctx.request("DELETE", `/api/events/${task.id}/my-submission/${files[0]!.filename}`, { token: marie.token });
    expect(removal.status).toBe(403);
    // Paul's copy was not returned: his box is still open.
    expect((await deposit(paul, "complement.pdf")).status).toBe(201);

    ctx.clock.now += 1_000;
    await setOverride(marie.id, { reopenedAt: ctx.deps.now() });
    expect((await mySubmission(marie)).handIn.open).toBe(true);
    expect((await deposit(marie, "encore.pdf")).status).toBe(201);
    const versions = await ctx.deps.db
      .select()
      .from(handInVersions)
      .where(and(eq(handInVersions.taskId, task.id), eq(handInVersions.userId, marie.id)));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("the start-up sweep keeps removed hand-in files and returned copies, and removes a stray file", async () => {
    const stray = `returned/${task.id}/Stray00123456789abcdef.pdf`;
    await ctx.deps.storage.write(stray, FIXTURES.pdf());
    const removed = (await ctx.deps.db.select().from(taskFiles).where(eq(taskFiles.userId, marie.id))).filter((f) => f.removedAt !== null);
    expect(removed.length).toBeGreaterThan(0);
    await sweepUploadsAtStart(ctx.deps, new Map(), { now: Date.now() + 86_400_000 });
    expect(await isStored(ctx.deps, `returned/${task.id}/${returnedName}`)).toBe(true);
    for (const f of removed) expect(await isStored(ctx.deps, `submissions/${task.id}/${f.storedName}`)).toBe(true);
    expect(await isStored(ctx.deps, stray)).toBe(false);
  });

  it("a reopen lets the student deposit even with the box closed for the others", async () => {
    await ctx.request("PUT", `/api/events/${task.id}`, { token: prof.token, body: { submissionEnabled: false } });
    expect((await deposit(paul, "tard.pdf")).status).toBe(403);
    expect((await deposit(marie, "tard.pdf")).status).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { type EventJson, visibleIds } from "../tasks/test-support";
import { call, DAY, deposit, handInTask, rowOf, student, table, TASK_DEADLINE, SETUP_MS } from "./test-support";

// The hand-in table as a teacher reads it: statuses against each student's own deadline, the
// counts, an extension turning late into on time, exemptions, the versions, the CSV.
let ctx: TestContext;
let prof: TestUser;
let onTime: TestUser;
let late: TestUser;
let absent: TestUser;
let exempt: TestUser;
let extended: TestUser;
let task: EventJson;
const start = Date.parse("2026-11-16T09:00:00.000Z");

beforeAll(async () => {
  ctx = createTestApp();
  prof = await ctx.user({ role: "prof", username: "prof" });
  onTime = await student(ctx, "anne", { lastName: "Martin", firstName: "Anne" });
  late = await student(ctx, "bob", { lastName: "Bernard", firstName: '=HYPERLINK("x")' });
  absent = await student(ctx, "chloe", { lastName: "Durand", firstName: "Chloé" });
  exempt = await student(ctx, "dan", { lastName: "Petit", firstName: "Dan" });
  extended = await student(ctx, "eve", { lastName: "Leroy", firstName: "Ève" });
  // Not in the task's class: another group, another speciality, another year, a teacher.
  await ctx.user({ role: "eleve", username: "autre-groupe", year: "BUT1", groupe: "B", specialite: "devweb" });
  await ctx.user({ role: "eleve", username: "autre-annee", year: "BUT2", groupe: "A", specialite: "devweb" });
  task = await handInTask(ctx, prof.token, { specialite: "devweb" });
  await ctx.user({ role: "eleve", username: "autre-parcours", year: "BUT1", groupe: "A", specialite: "design" });
  await deposit(ctx, onTime, task.id);
  ctx.clock.now = TASK_DEADLINE + 2 * 3_600_000;
  await deposit(ctx, late, task.id);
  await deposit(ctx, extended, task.id);
}, SETUP_MS);
afterAll(() => ctx.close());

describe("the hand-in table", () => {
  it("lists exactly the students who see the task, by last name, with their status", async () => {
    await call(ctx, prof, "PUT", `/tasks/${task.id}/students/${exempt.id}/override`, 200, { deadline: null, exempt: true });
    const { rows, counts } = await table(ctx, prof, task.id);
    expect(rows.map((r) => [r.username, r.status])).toEqual([
      ["bob", "en-retard"],
      ["chloe", "non-rendu"],
      ["eve", "en-retard"],
      ["anne", "rendu"],
      ["dan", "dispense"],
    ]);
    expect(rows.find((r) => r.username === "bob")!.lateByMs).toBe(2 * 3_600_000);
    expect(counts).toEqual({ total: 5, rendu: 1, "en-retard": 2, "non-rendu": 1, dispense: 1, aCorriger: 3, brouillons: 0, corriges: 0 });
  });

  it("an extension turns a late hand-in into one on time, and removing it makes it late again", async () => {
    const body = { deadline: { date: "2026-11-22", heure: "8h30" }, exempt: false };
    const answer = await call<{ message: string; row: Record<string, unknown> }>(
      ctx,
      prof,
      "PUT",
      `/tasks/${task.id}/students/${extended.id}/override`,
      200,
      body,
    );
    expect(answer.message).toBe(H.extended);
    // 22 Nov 08:30 in Paris is 07:30 UTC (winter time).
    expect(answer.row).toMatchObject({ status: "rendu", lateByMs: 0, extended: true, deadline: "2026-11-22T07:30:00.000Z" });
    expect((await table(ctx, prof, task.id)).counts).toMatchObject({ rendu: 2, "en-retard": 1 });
    const back = await call<{ message: string; row: Record<string, unknown> }>(
      ctx,
      prof,
      "PUT",
      `/tasks/${task.id}/students/${extended.id}/override`,
      200,
      { deadline: null, exempt: false },
    );
    expect(back).toMatchObject({ message: H.extensionRemoved, row: { status: "en-retard", extended: false } });
    await call(ctx, prof, "PUT", `/tasks/${task.id}/students/${extended.id}/override`, 200, body);
  });

  it("refuses a new deadline that is not after the task's, or not a date", async () => {
    const url = `/tasks/${task.id}/students/${absent.id}/override`;
    const before = await call(ctx, prof, "PUT", url, 400, { deadline: { date: "2026-11-20", heure: "17:59" }, exempt: false });
    expect(before.message).toBe(H.deadlineBeforeTask);
    const invalid = await call(ctx, prof, "PUT", url, 400, { deadline: { date: "2026-02-30", heure: "10:00" }, exempt: false });
    expect(invalid.message).toBe(H.deadlineInvalid);
  });

  it("an exemption says so, and lifting it says so too", async () => {
    const url = `/tasks/${task.id}/students/${absent.id}/override`;
    expect(await call(ctx, prof, "PUT", url, 200, { deadline: null, exempt: true })).toMatchObject({
      message: H.exempted,
      row: { status: "dispense", exempt: true },
    });
    expect(await call(ctx, prof, "PUT", url, 200, { deadline: null, exempt: false })).toMatchObject({
      message: H.exemptionRemoved,
      row: { status: "non-rendu", exempt: false },
    });
  });

  it("a student outside the class is not a student of the task", async () => {
    const other = await ctx.user({ role: "eleve", username: "ailleurs", year: "BUT1", groupe: "C", specialite: "devweb" });
    const res = await call(ctx, prof, "GET", `/tasks/${task.id}/students/${other.id}`, 404);
    expect(res.message).toBe(H.notAStudent);
    expect((await call(ctx, prof, "GET", `/tasks/${task.id}/students/nobody`, 404)).message).toBe(H.studentNotFound);
  });

  it("a task without hand-ins has no table", async () => {
    const plain = await handInTask(ctx, prof.token, { titre: "Lecture", submissionEnabled: false });
    expect((await call(ctx, prof, "GET", `/tasks/${plain.id}`, 400)).message).toBe(H.notSubmissionTask);
  });
});

describe("versions", () => {
  it("lists every version with its time and late judged per version, removed files included", async () => {
    const who = await student(ctx, "vera", { lastName: "Zola" });
    ctx.clock.now = TASK_DEADLINE - DAY;
    const first = await deposit(ctx, who, task.id, "brouillon.pdf");
    ctx.clock.now = TASK_DEADLINE - 3_600_000;
    const res = await ctx.request("DELETE", `/api/events/${task.id}/my-submission/${first}`, { token: who.token });
    expect(res.status).toBe(200);
    ctx.clock.now = TASK_DEADLINE + 30 * 60_000;
    await deposit(ctx, who, task.id, "final.pdf");
    const detail = await call<{ versions: { version: number; late: boolean; lateByMs: number; files: { originalname: string }[] }[] }>(
      ctx,
      prof,
      "GET",
      `/tasks/${task.id}/students/${who.id}`,
      200,
    );
    expect(detail.versions.map((v) => [v.version, v.late, v.lateByMs, v.files.map((f) => f.originalname)])).toEqual([
      [1, false, 0, ["brouillon.pdf"]],
      [2, false, 0, []],
      [3, true, 30 * 60_000, ["final.pdf"]],
    ]);
    expect(await rowOf(ctx, prof, task.id, who.id)).toMatchObject({ status: "en-retard", version: 3, fileCount: 1 });
  });
});

describe("marks and the scale", () => {
  const feedback = (who: TestUser, body: unknown, status = 200) =>
    call(ctx, prof, "PUT", `/tasks/${task.id}/students/${who.id}/feedback`, status, body);

  it("reads a French mark, keeps two decimals at most, and refuses one above the scale", async () => {
    expect(await feedback(onTime, { comment: "", mark: "12,5" })).toMatchObject({ row: { mark: 12.5, feedback: "brouillon" } });
    for (const mark of ["12,555", "21", "-1", "douze"])
      expect((await feedback(onTime, { comment: "", mark }, 400)).message).toBe(H.markInvalid);
    expect(await feedback(onTime, { comment: "", mark: "" })).toMatchObject({ row: { mark: null, feedback: "aucun" } });
  });

  it("cleans the comment like a task description, without images, and bounds its length", async () => {
    const answer = await feedback(late, {
      comment: '<p onclick="x()">Bien <strong>vu</strong><script>alert(1)</script><img src="https://exemple.fr/a.png"></p>',
      mark: 15,
    });
    expect(answer).toMatchObject({ feedback: { comment: "<p>Bien <strong>vu</strong></p>", mark: 15, version: 1 } });
    expect((await feedback(late, { comment: `<p>${"a".repeat(20_001)}</p>`, mark: null }, 400)).message).toBe(H.commentTooLong);
  });

  it("a scale below a mark is refused; a valid one is saved", async () => {
    for (const markScale of [0, 101]) {
      expect((await call(ctx, prof, "PUT", `/tasks/${task.id}/scale`, 400, { markScale })).message).toBe(H.scaleInvalid);
    }
    expect((await call(ctx, prof, "PUT", `/tasks/${task.id}/scale`, 400, { markScale: 10 })).message).toBe(H.scaleBelowMarks);
    expect(await call(ctx, prof, "PUT", `/tasks/${task.id}/scale`, 200, { markScale: 30 })).toMatchObject({ task: { markScale: 30 } });
    expect(await feedback(onTime, { comment: "", mark: "25" })).toMatchObject({ row: { mark: 25 } });
  });
});

describe("reopen", () => {
  it("reopens a returned copy for one student, once", async () => {
    await call(ctx, prof, "POST", `/tasks/${task.id}/publish`, 200);
    expect(await rowOf(ctx, prof, task.id, onTime.id)).toMatchObject({ open: false, feedback: "corrige", publishedMark: 25 });
    const url = `/tasks/${task.id}/students/${onTime.id}/reopen`;
    expect(await call(ctx, prof, "POST", url, 200)).toMatchObject({ message: H.reopened, row: { open: true, reopened: true } });
    expect((await call(ctx, prof, "POST", url, 409)).message).toBe(H.notClosed);
  });
});

describe("the CSV export", () => {
  it("is UTF-8 with a BOM, ';' and CRLF, French labels, Paris times, and no formula", async () => {
    const res = await ctx.request("GET", `/api/hand-ins/tasks/${task.id}/export.csv`, { token: prof.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("rendus-Rapport de stage-");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1).split("\r\n");
    expect(lines[0]).toBe("Nom;Prénom;Identifiant;Groupe;Statut;Rendu le;Retard;Échéance;Version;Note;Commentaire publié");
    const bob = lines.find((l) => l.includes(";bob;"))!;
    expect(bob).toBe(`Bernard;"'=HYPERLINK(""x"")";bob;A;Rendu en retard;20/11/2026 20:00;2 h;20/11/2026 18:00;1;15/30;Bien vu`);
    expect(lines.find((l) => l.includes(";eve;"))).toContain(";Rendu;20/11/2026 20:00;;22/11/2026 08:30;");
    expect(lines.find((l) => l.includes(";dan;"))).toContain(";Dispensé;");
    expect(lines.find((l) => l.includes(";chloe;"))).toContain(";Non rendu;");
    expect(lines.at(-1)).toBe("");
  });

  it("shows a draft mark beside the one the student was given", async () => {
    await call(ctx, prof, "PUT", `/tasks/${task.id}/students/${late.id}/feedback`, 200, { comment: "<p>Bien vu</p>", mark: "16,5" });
    const text = await (await ctx.request("GET", `/api/hand-ins/tasks/${task.id}/export.csv`, { token: prof.token })).text();
    expect(text.split("\r\n").find((l) => l.includes(";bob;"))).toContain(";15/30 (brouillon : 16,5/30);Bien vu");
    ctx.clock.now = start;
  });
});

describe("who sees the task: the reverse of the task list's rule", () => {
  it(
    "a subject rule that hides the task from a student removes them from the table, as from their list",
    async () => {
      const admin = await ctx.user({ role: "admin", username: "direction" });
      const promo = await handInTask(ctx, prof.token, { titre: "Veille", groupes: ["Promo"], groupe: "Promo", specialite: "" });
      const design = await ctx.user({ role: "eleve", username: "zoe", year: "BUT1", groupe: "B", specialite: "design" });
      const sees = async (who: TestUser) => (await visibleIds(ctx, who.token)).includes(promo.id);
      const inTable = async () => (await table(ctx, prof, promo.id)).rows.map((r) => r.username);
      expect(await sees(design)).toBe(true);
      expect(await inTable()).toContain("zoe");
      const rule = { subjectName: "Développement web", specialitesAllowed: ["devweb"] };
      expect((await ctx.request("POST", "/api/subjects/rules", { token: admin.token, body: rule })).status).toBe(200);
      expect(await sees(design)).toBe(false);
      expect(await inTable()).not.toContain("zoe");
      expect(await sees(onTime)).toBe(true);
      expect(await inTable()).toContain("anne");
      expect((await call(ctx, prof, "GET", `/tasks/${promo.id}/students/${design.id}`, 404)).message).toBe(H.notAStudent);
    },
    SETUP_MS,
  );
});

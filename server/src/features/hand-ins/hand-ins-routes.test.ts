import { beforeAll, describe, expect } from "vitest";
import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import { appPerFile, everyActor, scenarioTests, type Actor, type Scenario } from "../../../test/helpers";
import { FIXTURES, filesForm, type EventJson } from "../tasks/test-support";
import { deposit, handInTask } from "./test-support";

// Scenario table of every /hand-ins route, for a guest and every role. The three student
// accounts (eleve, etudiant, delegue) are in the task's class; eleve handed in.
const app = appPerFile();
const env = () => app;
let task: EventJson;
let returned: string[] = [];

beforeAll(async () => {
  task = await handInTask(app.ctx, app.actors.prof.token);
  await deposit(app.ctx, app.actors.eleve, task.id);
});

const staffOnly = (ok: number, admin = ok): Record<Actor, number> => ({
  guest: 401,
  eleve: 403,
  etudiant: 403,
  delegue: 403,
  prof: ok,
  admin,
});
const t = () => task.id;
const eleve = (a: { eleve: { id: string } }) => a.eleve.id;
const pdf = () => filesForm([["corrige.pdf", FIXTURES.pdf()]]);
const ownReturned = (statuses: Record<Actor, number>, name: string) =>
  everyActor({ method: "GET", url: () => `/api/hand-ins/returned/${t()}/${returned[0]}/download` }, statuses, name, {
    200: (body, res) => {
      expect(res.headers.get("content-disposition")).toContain('filename="corrige.pdf"');
      expect(String(body)).toContain("%PDF");
    },
  });

const rows: Scenario[] = [
  ...everyActor({ method: "GET", url: () => `/api/hand-ins/tasks/${t()}` }, staffOnly(200), "the hand-in table: staff only", {
    200: (json) => {
      const table = json as { rows: { username: string; status: string }[]; counts: Record<string, number> };
      expect(table.rows.map((r) => [r.username, r.status])).toEqual([
        ["delegue", "non-rendu"],
        ["eleve", "rendu"],
        ["etudiant", "non-rendu"],
      ]);
      expect(table.counts).toMatchObject({ total: 3, rendu: 1, "non-rendu": 2, aCorriger: 1 });
    },
  }),
  ...everyActor({ method: "GET", url: () => `/api/hand-ins/tasks/${t()}/export.csv` }, staffOnly(200), "the table as CSV", {
    200: (body, res) => {
      expect(res.headers.get("content-type")).toContain("text/csv");
      expect(String(body)).toContain("Nom;Prénom;Identifiant");
    },
  }),
  ...everyActor({ method: "GET", url: (a) => `/api/hand-ins/tasks/${t()}/students/${eleve(a)}` }, staffOnly(200), "one student's hand-in", {
    200: (json) => expect(json).toMatchObject({ row: { status: "rendu", version: 1 }, versions: [{ version: 1, late: false }] }),
  }),
  ...everyActor(
    {
      method: "PUT",
      url: (a) => `/api/hand-ins/tasks/${t()}/students/${eleve(a)}/override`,
      body: { deadline: { date: "2026-11-25", heure: "18:00" }, exempt: false },
    },
    staffOnly(200),
    "a later deadline for one student",
    { 200: { message: H.extended, row: { extended: true, deadline: "2026-11-25T17:00:00.000Z" } } },
  ),
  ...everyActor(
    { method: "POST", url: (a) => `/api/hand-ins/tasks/${t()}/students/${eleve(a)}/reopen` },
    staffOnly(409),
    "reopen refused while the box is open",
    { 409: { message: H.notClosed } },
  ),
  ...everyActor(
    {
      method: "PUT",
      url: (a) => `/api/hand-ins/tasks/${t()}/students/${eleve(a)}/feedback`,
      body: { comment: "<p>Bien</p>", mark: "12,5" },
    },
    staffOnly(200),
    "a feedback draft",
    {
      200: { message: H.draftSaved, row: { feedback: "brouillon", mark: 12.5, publishedMark: null }, feedback: { comment: "<p>Bien</p>" } },
    },
  ),
  ...everyActor(
    { method: "POST", url: (a) => `/api/hand-ins/tasks/${t()}/students/${eleve(a)}/returned`, body: pdf },
    staffOnly(201),
    "a corrected copy returned",
    {
      201: (json) => {
        const files = (json as { files: { filename: string; originalname: string; url: string }[] }).files;
        returned = files.map((f) => f.filename);
        expect(files.at(-1)).toMatchObject({ originalname: "corrige.pdf", url: expect.stringContaining("/api/hand-ins/returned/") });
      },
    },
  ),
  ...everyActor(
    { method: "GET", url: (a) => `/api/hand-ins/tasks/${t()}/students/${eleve(a)}/returned/${returned[0]}/download` },
    staffOnly(200),
    "staff download a returned copy",
  ),
  ...ownReturned(
    { guest: 401, eleve: 404, etudiant: 404, delegue: 404, prof: 200, admin: 200 },
    "a returned copy before the copies are returned: hidden from its student",
  ),
  ...everyActor(
    { method: "PUT", url: () => `/api/hand-ins/tasks/${t()}/scale`, body: { markScale: 10 } },
    staffOnly(400),
    "a scale below a mark",
    {
      400: { message: H.scaleBelowMarks },
    },
  ),
  ...everyActor({ method: "PUT", url: () => `/api/hand-ins/tasks/${t()}/scale`, body: { markScale: 40 } }, staffOnly(200), "a new scale", {
    200: { message: H.scaleSaved, task: { markScale: 40 } },
  }),
  ...everyActor({ method: "POST", url: () => `/api/hand-ins/tasks/${t()}/publish` }, staffOnly(200, 409), "« Rendre les copies »", {
    200: { message: "1 copie rendue.", published: 1 },
    409: { message: H.nothingToPublish },
  }),
  ...ownReturned(
    { guest: 401, eleve: 200, etudiant: 404, delegue: 404, prof: 200, admin: 200 },
    "a returned copy once returned: its student only, and staff",
  ),
  ...everyActor({ method: "POST", url: (a) => `/api/hand-ins/tasks/${t()}/students/${eleve(a)}/reopen` }, staffOnly(200, 409), "reopen", {
    200: { message: H.reopened, row: { open: true, reopened: true } },
    409: { message: H.notClosed },
  }),
  ...everyActor({ method: "POST", url: () => `/api/hand-ins/tasks/${t()}/nudge` }, staffOnly(200, 409), "nudge, once a day", {
    200: { message: "2 étudiants relancés.", sent: 2 },
    409: { message: H.nudgeAlreadyToday },
  }),
  ...everyActor(
    { method: "DELETE", url: (a) => `/api/hand-ins/tasks/${t()}/students/${eleve(a)}/returned/${returned[0]}` },
    staffOnly(200, 404),
    "a returned copy removed (then gone)",
    { 200: (json) => expect(json).toMatchObject({ message: H.returnedDeleted, files: [{ filename: returned[1] }] }) },
  ),
  ...everyActor({ method: "GET", url: "/api/hand-ins/to-mark" }, staffOnly(200), "« À corriger »", {
    200: (json) => expect(json).toMatchObject({ success: true }),
  }),
];

describe("/hand-ins routes by role", () => {
  scenarioTests(rows, env);
});

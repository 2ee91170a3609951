import { afterAll, beforeAll, describe, expect } from "vitest";
import {
  createActors,
  createTestApp,
  everyActor,
  scenarioTests,
  type Actors,
  type Scenario,
  type TestContext,
  type TestUser,
} from "../../../test/helpers";
import { createTask, FIXTURES, filesForm, type EventJson } from "./test-support";

// Scenario table of the file routes: attachments, hand-ins and the ZIP for a
// guest and every role, owner versus other for attachment edits and hand-in files.
let ctx: TestContext;
let actors: Actors;
let delegue2: TestUser;
let task: EventJson;
let delegateTask: EventJson;
let ownTask: EventJson;
let attachment = "";
const handIns: Record<string, string> = {};

beforeAll(async () => {
  ctx = createTestApp();
  actors = await createActors(ctx);
  delegue2 = await ctx.user({ role: "delegue", username: "delegue2" });
  task = await createTask(ctx, actors.prof.token, { titre: "Dossier", submissionEnabled: true });
  delegateTask = await createTask(ctx, delegue2.token, { titre: "Tâche du délégué 2" });
  ownTask = await createTask(ctx, actors.delegue.token, { titre: "Tâche du délégué" });
});
afterAll(() => ctx.close());

const env = () => ({ ctx, actors });
const pdf = (name: string) => () => filesForm([[name, FIXTURES.pdf()]]);
const firstFile = (json: unknown) => (json as { files: { filename: string }[] }).files.at(-1)!.filename;

const attachments: Scenario[] = [
  ...everyActor(
    { method: "POST", url: () => `/api/events/${task.id}/attachments`, body: pdf("sujet.pdf") },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 201, admin: 201 },
    "adds attachments: profs, admins, the creator",
    {
      201: (json) => {
        attachment = firstFile(json);
        expect(json).toMatchObject({ success: true, files: [{ originalname: "sujet.pdf", size: FIXTURES.pdf().length }] });
      },
    },
  ),
  ...everyActor(
    { method: "GET", url: () => `/api/events/${task.id}/attachments` },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "lists attachments",
    {
      200: (json) => expect((json as { attachments: unknown[] }).attachments).toHaveLength(2),
    },
  ),
  ...everyActor(
    { method: "GET", url: () => `/api/events/${task.id}/attachments/${attachment}/download` },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "downloads an attachment",
    {
      200: (body, res) => {
        expect(res.headers.get("content-disposition")).toContain('filename="sujet.pdf"');
        expect(String(body)).toContain("%PDF");
      },
    },
  ),
  ...everyActor(
    { method: "GET", url: () => `/uploads/events/${task.id}/${attachment}` },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "the /uploads path of an attachment: anyone who sees the task",
    {
      200: (body) => expect(String(body)).toContain("%PDF"),
    },
  ),
  ...everyActor(
    { method: "DELETE", url: () => `/api/events/${task.id}/attachments/${attachment}` },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 200, admin: 404 },
    "deletes an attachment (once)",
    {
      200: { success: true, attachments: [{ originalname: "sujet.pdf" }] },
    },
  ),
];

const ownerVsOther: Scenario[] = [
  {
    name: "the creator (delegate) adds to its own task",
    method: "POST",
    url: () => `/api/events/${ownTask.id}/attachments`,
    as: "delegue",
    body: pdf("mine.pdf"),
    status: 201,
    expect: (json) => void (attachment = firstFile(json)),
  },
  {
    name: "and deletes it",
    method: "DELETE",
    url: () => `/api/events/${ownTask.id}/attachments/${attachment}`,
    as: "delegue",
    status: 200,
    expect: { attachments: [] },
  },
  {
    name: "another delegate cannot add to it",
    method: "POST",
    url: () => `/api/events/${delegateTask.id}/attachments`,
    as: "delegue",
    body: pdf("x.pdf"),
    status: 403,
    expect: { message: "Vous ne pouvez modifier que les tâches que vous avez créées." },
  },
];

const handIn: Scenario[] = [
  ...everyActor(
    { method: "POST", url: () => `/api/events/${task.id}/submissions`, body: pdf("copie.pdf") },
    { guest: 401, eleve: 201, etudiant: 201, delegue: 201, prof: 403, admin: 403 },
    "deposits a hand-in (students)",
    {
      403: { message: "Le dépôt est réservé aux étudiants." },
    },
  ).map((row) => ({
    ...row,
    expect:
      row.status === 201
        ? (json: unknown) => {
            expect(json).toMatchObject({ success: true, message: "Dépôt réussi.", files: [{ originalname: "copie.pdf", late: false }] });
            handIns[row.as] = firstFile(json);
          }
        : row.expect,
  })),
  ...everyActor(
    { method: "GET", url: () => `/api/events/${task.id}/my-submission` },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "reads one's own hand-in",
    {
      200: (json) => {
        const files = (json as { files: unknown[] }).files;
        expect(files.length).toBeLessThanOrEqual(1);
      },
    },
  ),
  ...everyActor(
    { method: "GET", url: () => `/api/events/${task.id}/submissions` },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 200, admin: 200 },
    "lists every hand-in",
    {
      200: (json) =>
        expect((json as { submissions: { userName: string }[] }).submissions.map((s) => s.userName)).toEqual([
          "delegue",
          "eleve",
          "etudiant",
        ]),
    },
  ),
  ...everyActor(
    { method: "GET", url: () => `/api/events/${task.id}/submissions/zip` },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 200, admin: 200 },
    "downloads the ZIP",
    {
      200: (_body, res) => expect(res.headers.get("content-type")).toBe("application/zip"),
    },
  ),
  ...everyActor(
    { method: "GET", url: () => `/api/events/${task.id}/submissions/files/${handIns.eleve}/download` },
    { guest: 401, eleve: 200, etudiant: 404, delegue: 404, prof: 200, admin: 200 },
    "downloads the eleve's hand-in: owner, profs, admins",
  ),
  ...everyActor(
    { method: "GET", url: () => `/api/events/${task.id}/submissions/${handIns.eleve}/download` },
    { guest: 401, eleve: 200, etudiant: 404, delegue: 404, prof: 200, admin: 200 },
    "the documented hand-in path: owner, profs, admins",
    {
      200: (body) => expect(String(body)).toContain("%PDF"),
    },
  ),
  ...everyActor(
    { method: "GET", url: () => `/uploads/submissions/${task.id}/${handIns.eleve}` },
    { guest: 401, eleve: 200, etudiant: 404, delegue: 404, prof: 200, admin: 200 },
    "the /uploads path of a hand-in: the same checks",
    {
      200: (body) => expect(String(body)).toContain("%PDF"),
    },
  ),
  ...everyActor(
    { method: "DELETE", url: () => `/api/events/${task.id}/my-submission/${handIns.eleve}` },
    { guest: 401, eleve: 200, etudiant: 404, delegue: 404, prof: 403, admin: 403 },
    "deletes the eleve's hand-in file: owner only",
    {
      200: { success: true, message: "Fichier supprimé.", files: [], submittedAt: null },
    },
  ),
  {
    name: "empty ZIP once nothing is left",
    method: "GET",
    url: () => `/api/events/${delegateTask.id}/submissions/zip`,
    as: "prof",
    status: 404,
    expect: { message: "Aucun dépôt pour cette tâche." },
  },
  {
    name: "no box on a task without hand-ins",
    method: "POST",
    url: () => `/api/events/${delegateTask.id}/submissions`,
    as: "eleve",
    body: pdf("x.pdf"),
    status: 403,
    expect: { message: "Le dépôt n'est pas activé pour cette tâche." },
  },
];

describe("attachments", () => scenarioTests(attachments, env));
describe("owner versus other", () => scenarioTests(ownerVsOther, env));
describe("hand-ins", () => scenarioTests(handIn, env));

// Over 400 lines on purpose: one scenario table per task write route (create, edit, update-self,
// set-groups, hard-delete), each a row per role; splitting them would scatter one contract.
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
import { createTask, FIXTURES, filesForm, taskBody, type EventJson } from "./test-support";

// Scenario table of the task routes: every route for a guest and every role,
// and owner versus other for edits, group changes and hard deletes. Rows run in order.
let ctx: TestContext;
let actors: Actors;
let delegue2: TestUser;
let profTask: EventJson;
let ownTask: EventJson;
let otherTask: EventJson;
let depositTask: EventJson;
const doomed: Record<string, EventJson> = {};

beforeAll(async () => {
  ctx = createTestApp();
  actors = await createActors(ctx);
  delegue2 = await ctx.user({ role: "delegue", username: "delegue2" });
  profTask = await createTask(ctx, actors.prof.token, { titre: "Tâche du prof" });
  ownTask = await createTask(ctx, actors.delegue.token, { titre: "Tâche du délégué" });
  otherTask = await createTask(ctx, delegue2.token, { titre: "Tâche de l'autre délégué" });
  depositTask = await createTask(ctx, actors.prof.token, { titre: "Dépôt obligatoire", submissionEnabled: true });
  for (const who of ["delegue", "prof", "admin", "alias1", "alias2"] as const) {
    const token = who === "alias1" || who === "alias2" ? actors.admin.token : actors[who].token;
    doomed[who] = await createTask(ctx, token, { titre: `À supprimer (${who})` });
  }
});
afterAll(() => ctx.close());

const env = () => ({ ctx, actors });
const GUEST = { success: false, code: "UNAUTHORIZED" };
const ROLE = { success: false, code: "FORBIDDEN", message: "Accès refusé." };
const STUDENTS_NO = { guest: 401, eleve: 403, etudiant: 403 } as const;
const ids = (json: unknown) => (json as { events: EventJson[] }).events.map((e) => e.titre);

const reads: Scenario[] = [
  ...everyActor(
    { method: "GET", url: "/api/events" },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "lists the visible tasks",
    {
      401: GUEST,
      200: (json) => expect(ids(json)).toEqual(expect.arrayContaining(["Tâche du prof", "Tâche du délégué", "Tâche de l'autre délégué"])),
    },
  ),
  ...everyActor(
    { method: "GET", url: "/api/events/mine" },
    { ...STUDENTS_NO, delegue: 200, prof: 200, admin: 200 },
    "lists the caller's created tasks",
    {
      401: GUEST,
      403: ROLE,
    },
  ),
  {
    name: "mine holds only the delegate's own tasks",
    method: "GET",
    url: "/api/events/mine",
    as: "delegue",
    status: 200,
    expect: (json) => expect(ids(json)).toEqual(["Tâche du délégué", "À supprimer (delegue)"]),
  },
  ...everyActor(
    { method: "GET", url: () => `/api/events/${profTask.id}` },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "reads one task with the caller's state",
    {
      200: {
        success: true,
        event: {
          titre: "Tâche du prof",
          checked: false,
          archived: false,
          hidden: false,
          start: "2026-11-20T17:00:00.000Z",
          end: "2026-11-20T18:00:00.000Z",
        },
      },
    },
  ),
  { name: "unknown task", method: "GET", url: "/api/events/nope", as: "eleve", status: 404, expect: { message: "Tâche introuvable." } },
];

const creates: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/events", body: taskBody({ titre: "Nouvelle" }) },
    { ...STUDENTS_NO, delegue: 201, prof: 201, admin: 201 },
    "publishes a task",
    {
      401: GUEST,
      403: ROLE,
      201: { success: true, message: "Tâche ajoutée avec succès !", event: { titre: "Nouvelle", year: "BUT1", groupes: ["A"] } },
    },
  ),
  {
    name: "a delegate's task gets the delegate's own year and never opens hand-ins",
    method: "POST",
    url: "/api/events",
    as: "delegue",
    status: 201,
    body: taskBody({ year: "BUT3", submissionEnabled: true }),
    expect: { event: { year: "BUT1", submissionEnabled: false } },
  },
  {
    name: "aliases: title, subject, examen, 14h30, Promo wins over other groups, duration",
    method: "POST",
    url: "/api/events",
    as: "prof",
    status: 201,
    body: {
      title: "Partiel",
      subject: "anglais",
      type: "examen",
      dueDate: "2026-11-25T00:00:00Z",
      heure: "14h30",
      groupes: ["A", "Promo"],
      year: "BUT2",
      durationMinutes: 120,
    },
    expect: (json) =>
      expect((json as { event: EventJson }).event).toMatchObject({
        titre: "Partiel",
        matiere: "Anglais",
        type: "exam",
        date: "2026-11-25",
        heure: "14:30",
        groupes: ["Promo"],
        groupe: "Promo",
        start: "2026-11-25T13:30:00.000Z",
        end: "2026-11-25T15:30:00.000Z",
      }),
  },
  {
    name: "a prof must choose the year",
    method: "POST",
    url: "/api/events",
    as: "prof",
    body: taskBody({ year: undefined }),
    status: 400,
    expect: { message: "Veuillez sélectionner une année." },
  },
  {
    name: "at least one group",
    method: "POST",
    url: "/api/events",
    as: "prof",
    body: taskBody({ groupes: [], groupe: undefined }),
    status: 400,
    expect: { message: "Veuillez sélectionner au moins un groupe." },
  },
  {
    name: "a subject is required",
    method: "POST",
    url: "/api/events",
    as: "delegue",
    body: taskBody({ matiere: " " }),
    status: 400,
    expect: { message: "Veuillez sélectionner une matière." },
  },
  {
    name: "an unknown subject",
    method: "POST",
    url: "/api/events",
    as: "delegue",
    body: taskBody({ matiere: "Astrologie" }),
    status: 400,
    expect: { message: "Matière inconnue." },
  },
  {
    name: "a title is required",
    method: "POST",
    url: "/api/events",
    as: "delegue",
    body: taskBody({ titre: "  " }),
    status: 400,
    expect: { message: "Le titre est requis." },
  },
  {
    name: "an impossible date",
    method: "POST",
    url: "/api/events",
    as: "delegue",
    body: taskBody({ date: "2026-02-30" }),
    status: 400,
    expect: { message: "La date est requise (AAAA-MM-JJ)." },
  },
  {
    name: "an impossible time",
    method: "POST",
    url: "/api/events",
    as: "delegue",
    body: taskBody({ heure: "25:00" }),
    status: 400,
    expect: { message: "L'heure est requise (HH:MM)." },
  },
  {
    name: "an unknown group is a schema error",
    method: "POST",
    url: "/api/events",
    as: "prof",
    body: taskBody({ groupes: ["Z"] }),
    status: 400,
    expect: { code: "VALIDATION" },
  },
];

const edits: Scenario[] = [
  ...everyActor(
    { method: "PUT", url: () => `/api/events/${ownTask.id}`, body: { titre: "Modifiée par PUT" } },
    { ...STUDENTS_NO, delegue: 403, prof: 200, admin: 200 },
    "PUT is for profs and admins",
    {
      403: ROLE,
      200: { success: true, message: "Tâche modifiée.", event: { titre: "Modifiée par PUT" } },
    },
  ),
  {
    name: "an admin moves a task to another year",
    method: "PUT",
    url: () => `/api/events/${otherTask.id}`,
    as: "admin",
    body: { year: "BUT2" },
    status: 200,
    expect: { event: { year: "BUT2" } },
  },
  {
    name: "and back",
    method: "PUT",
    url: () => `/api/events/${otherTask.id}`,
    as: "prof",
    body: { year: "BUT1", submissionEnabled: true },
    status: 200,
    expect: { event: { year: "BUT1", submissionEnabled: true } },
  },
  ...everyActor(
    { method: "POST", url: () => `/api/events/${ownTask.id}/update-self`, body: { titre: "Par update-self", year: "BUT3" } },
    { ...STUDENTS_NO, delegue: 200, prof: 403, admin: 403 },
    "update-self is for the creator only",
    {
      403: { success: false, code: "FORBIDDEN" },
      200: { success: true, event: { titre: "Par update-self", year: "BUT1" } },
    },
  ),
  {
    name: "another delegate cannot edit it",
    method: "POST",
    url: () => `/api/events/${otherTask.id}/update-self`,
    as: "delegue",
    body: { titre: "Volée" },
    status: 403,
    expect: { message: "Vous ne pouvez modifier que les tâches que vous avez créées." },
  },
  {
    name: "update-self never opens hand-ins for a delegate",
    method: "POST",
    url: () => `/api/events/${ownTask.id}/update-self`,
    as: "delegue",
    body: { submissionEnabled: true, groupes: ["A", "B"] },
    status: 200,
    expect: { event: { submissionEnabled: false, groupes: ["A", "B"] } },
  },
  ...everyActor(
    { method: "POST", url: () => `/api/events/${profTask.id}/set-groups`, body: { groups: ["A", "B'"] } },
    { ...STUDENTS_NO, delegue: 403, prof: 200, admin: 200 },
    "set-groups: profs, admins and the creator",
    {
      200: { success: true, message: "Groupes mis à jour.", event: { groupes: ["A", "B'"] } },
    },
  ),
  {
    name: "the creator sets groups",
    method: "POST",
    url: () => `/api/events/${ownTask.id}/set-groups`,
    as: "delegue",
    body: { groups: ["A"] },
    status: 200,
    expect: { event: { groupes: ["A"], groupe: "A" } },
  },
  {
    name: "set-groups with no group",
    method: "POST",
    url: () => `/api/events/${ownTask.id}/set-groups`,
    as: "delegue",
    body: { groups: [] },
    status: 400,
    expect: { message: "Veuillez sélectionner au moins un groupe." },
  },
];

const states: Scenario[] = (["check", "uncheck", "archive", "unarchive"] as const).flatMap((action) =>
  everyActor(
    { method: "POST", url: () => `/api/events/${profTask.id}/${action}`, body: {} },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    `${action} for the caller`,
    {
      401: GUEST,
      200: { success: true, event: { checked: action === "check", archived: action === "archive" } },
    },
  ),
);

const hides: Scenario[] = [
  ...everyActor(
    { method: "DELETE", url: () => `/api/events/${profTask.id}` },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "hides the task for the caller only",
    {
      200: { success: true, message: "Tâche retirée de votre liste." },
    },
  ),
  {
    name: "hidden for the caller",
    method: "GET",
    url: () => `/api/events/${profTask.id}`,
    as: "eleve",
    status: 200,
    expect: { event: { hidden: true } },
  },
  {
    name: "a student cannot hide a task needing a deposit not made",
    method: "DELETE",
    url: () => `/api/events/${depositTask.id}`,
    as: "eleve",
    status: 400,
    expect: { message: "Un dépôt est requis pour cette tâche : déposez votre travail avant de la retirer." },
  },
  { name: "a prof can", method: "DELETE", url: () => `/api/events/${depositTask.id}`, as: "prof", status: 200 },
  {
    name: "the student deposits",
    method: "POST",
    url: () => `/api/events/${depositTask.id}/submissions`,
    as: "eleve",
    body: () => filesForm([["travail.pdf", FIXTURES.pdf()]]),
    status: 201,
  },
  { name: "then may hide it", method: "DELETE", url: () => `/api/events/${depositTask.id}`, as: "eleve", status: 200 },
  {
    name: "the other student still must deposit",
    method: "DELETE",
    url: () => `/api/events/${depositTask.id}`,
    as: "etudiant",
    status: 400,
  },
];

const hardDeletes: Scenario[] = [
  ...everyActor(
    { method: "POST", url: () => `/api/events/${otherTask.id}/hard-delete` },
    { ...STUDENTS_NO, delegue: 403, prof: 403, admin: 200 },
    "hard delete of another's task: admin only",
    {
      403: { success: false, code: "FORBIDDEN" },
      200: { success: true, message: "Tâche supprimée définitivement." },
    },
  ),
  { name: "gone", method: "GET", url: () => `/api/events/${otherTask.id}`, as: "admin", status: 404 },
  {
    name: "the delegate deletes its own",
    method: "POST",
    url: () => `/api/events/${doomed.delegue!.id}/hard-delete`,
    as: "delegue",
    status: 200,
  },
  {
    name: "the prof deletes its own (DELETE /hard)",
    method: "DELETE",
    url: () => `/api/events/${doomed.prof!.id}/hard`,
    as: "prof",
    status: 200,
  },
  {
    name: "a delegate cannot delete the admin's",
    method: "DELETE",
    url: () => `/api/events/${doomed.admin!.id}/hard`,
    as: "delegue",
    status: 403,
    expect: { message: "Seul le créateur de la tâche ou un administrateur peut la supprimer définitivement." },
  },
  {
    name: "alias /events-groups/{id}/hard-delete",
    method: "POST",
    url: () => `/api/events-groups/${doomed.alias1!.id}/hard-delete`,
    as: "admin",
    status: 200,
  },
  {
    name: "alias refuses students",
    method: "POST",
    url: () => `/api/events-groups/${doomed.alias2!.id}/hard-delete`,
    as: "eleve",
    status: 403,
  },
  {
    name: "alias refuses guests",
    method: "POST",
    url: () => `/api/events-groups/${doomed.alias2!.id}/hard-delete`,
    as: "guest",
    status: 401,
  },
  { name: "unknown task", method: "POST", url: "/api/events-groups/nope/hard-delete", as: "admin", status: 404 },
  {
    name: "after deletes, the admin's list no longer holds them",
    method: "GET",
    url: "/api/events",
    as: "admin",
    status: 200,
    expect: (json) => expect(ids(json)).not.toEqual(expect.arrayContaining(["À supprimer (delegue)"])),
  },
];

describe("reads", () => scenarioTests(reads, env));
describe("creates", () => scenarioTests(creates, env));
describe("edits and groups", () => scenarioTests(edits, env));
describe("per-user state", () => scenarioTests(states, env));
describe("hide", () => scenarioTests(hides, env));
describe("hard delete", () => scenarioTests(hardDeletes, env));

import { afterAll, beforeAll, describe, expect } from "vitest";
import {
  createActors,
  createTestApp,
  everyActor,
  scenarioTests,
  type Actors,
  type Scenario,
  type TestContext,
} from "../../../test/helpers";
import type { EventJson } from "../tasks/test-support";

// Scenario table of the personal-task routes: every route for a guest and every role, and
// the owner (the "eleve" account) against every other caller on the owner's task.
// The test clock is Monday 16 Nov 2026, 10:00 Paris. Rows run in order.
let ctx: TestContext;
let actors: Actors;
let mine: EventJson;
const perRole: Record<string, EventJson> = {};

const personalBody = (overrides: Record<string, unknown> = {}) => ({
  titre: "Réviser le partiel",
  date: "2026-11-18",
  heure: "18:30",
  note: "Chapitres 3 et 4\n<b>pas du HTML</b>",
  matiere: "anglais",
  ...overrides,
});

async function addPersonal(token: string, overrides: Record<string, unknown> = {}): Promise<EventJson> {
  const res = await ctx.request("POST", "/api/personal-tasks", { token, body: personalBody(overrides) });
  if (res.status !== 201) throw new Error(`personal task: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { event: EventJson }).event;
}

beforeAll(async () => {
  ctx = createTestApp();
  actors = await createActors(ctx);
  mine = await addPersonal(actors.eleve.token, { titre: "Perso de l'élève" });
  for (const who of ["eleve", "etudiant", "delegue", "prof", "admin"] as const)
    perRole[who] = await addPersonal(actors[who].token, { titre: `Perso (${who})` });
});
afterAll(() => ctx.close());

const env = () => ({ ctx, actors });
const GUEST = { success: false, code: "UNAUTHORIZED" };
const NOT_FOUND = { success: false, code: "NOT_FOUND", message: "Tâche introuvable." };
const ALL = { guest: 401, eleve: 201, etudiant: 201, delegue: 201, prof: 201, admin: 201 } as const;
/** On the owner's task: the owner answers `ok`, every other account 404 (the task does not exist for them). */
const ownerOnly = (ok: number) => ({ guest: 401, eleve: ok, etudiant: 404, delegue: 404, prof: 404, admin: 404 }) as const;
const titles = (json: unknown) => (json as { events: EventJson[] }).events.map((e) => e.titre);

const creates: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/personal-tasks", body: personalBody({ titre: "Ajout" }) },
    ALL,
    "every signed-in role may add its own",
    {
      401: GUEST,
      201: {
        success: true,
        message: "Tâche perso ajoutée.",
        event: {
          titre: "Ajout",
          personal: true,
          matiere: "Anglais",
          date: "2026-11-18",
          heure: "18:30",
          type: "devoir",
          groupes: [],
          submissionEnabled: false,
          note: "Chapitres 3 et 4\n<b>pas du HTML</b>",
          description: "Chapitres 3 et 4<br>&lt;b&gt;pas du HTML&lt;/b&gt;",
          start: "2026-11-18T17:30:00.000Z",
          can: { edit: true, hardDelete: false, deposit: false, seeSubmissions: false },
        },
      },
    },
  ),
  {
    name: "no subject is allowed",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: personalBody({ matiere: "" }),
    status: 201,
    expect: { event: { matiere: "" } },
  },
  {
    name: "14h is read as 14:00",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: personalBody({ heure: "14h", note: undefined }),
    status: 201,
    expect: { event: { heure: "14:00", note: "" } },
  },
  {
    name: "a title is required",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: personalBody({ titre: "  " }),
    status: 400,
    expect: { message: "Le titre est requis." },
  },
  {
    name: "a title too long",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: personalBody({ titre: "x".repeat(121) }),
    status: 400,
    expect: { message: "Le titre ne doit pas dépasser 120 caractères." },
  },
  {
    name: "a note too long",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: personalBody({ note: "x".repeat(2001) }),
    status: 400,
    expect: { message: "La note ne doit pas dépasser 2000 caractères." },
  },
  {
    name: "an impossible date",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: personalBody({ date: "2026-02-30" }),
    status: 400,
    expect: { message: "La date est requise (AAAA-MM-JJ)." },
  },
  {
    name: "an impossible time",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: personalBody({ heure: "24:10" }),
    status: 400,
    expect: { message: "L'heure est requise (HH:MM)." },
  },
  {
    name: "more than two years ahead",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: personalBody({ date: "2028-11-17" }),
    status: 400,
    expect: { message: "La date doit se situer entre il y a un an et dans deux ans." },
  },
  {
    name: "more than a year ago",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: personalBody({ date: "2025-11-15" }),
    status: 400,
    expect: { message: "La date doit se situer entre il y a un an et dans deux ans." },
  },
  {
    name: "an unknown subject",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: personalBody({ matiere: "Astrologie" }),
    status: 400,
    expect: { message: "Matière inconnue." },
  },
  {
    name: "a missing field is a schema error",
    method: "POST",
    url: "/api/personal-tasks",
    as: "eleve",
    body: { titre: "Sans date" },
    status: 400,
    expect: { code: "VALIDATION" },
  },
];

const reads: Scenario[] = [
  ...everyActor({ method: "GET", url: () => `/api/events/${mine.id}` }, ownerOnly(200), "only the owner reads it", {
    401: GUEST,
    404: NOT_FOUND,
    200: { success: true, event: { titre: "Perso de l'élève", personal: true, checked: false } },
  }),
  ...everyActor(
    { method: "GET", url: "/api/events?window=all" },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "each list holds its own personal tasks and nobody else's",
    {
      401: GUEST,
      200: (json) => {
        const list = titles(json).filter((t) => t.startsWith("Perso"));
        const own = list.filter((t) => t === "Perso de l'élève" || /^Perso \(/.test(t));
        expect(own.length).toBeGreaterThan(0);
        // One "Perso (role)" title only, and the eleve's extra one only for the eleve.
        expect(new Set(list.filter((t) => /^Perso \(/.test(t))).size).toBe(1);
      },
    },
  ),
];

const edits: Scenario[] = [
  ...everyActor(
    { method: "PUT", url: () => `/api/personal-tasks/${mine.id}`, body: { titre: "Perso modifiée", note: "Nouvelle note" } },
    ownerOnly(200),
    "only the owner edits it",
    {
      401: GUEST,
      404: NOT_FOUND,
      200: {
        success: true,
        message: "Tâche perso modifiée.",
        event: { titre: "Perso modifiée", note: "Nouvelle note", date: "2026-11-18", personal: true },
      },
    },
  ),
  {
    name: "an edit is checked like a creation",
    method: "PUT",
    url: () => `/api/personal-tasks/${mine.id}`,
    as: "eleve",
    body: { heure: "midi" },
    status: 400,
    expect: { message: "L'heure est requise (HH:MM)." },
  },
  {
    name: "the subject can be removed",
    method: "PUT",
    url: () => `/api/personal-tasks/${mine.id}`,
    as: "eleve",
    body: { matiere: "" },
    status: 200,
    expect: { event: { matiere: "" } },
  },
  {
    name: "class-task edits do not reach it",
    method: "PUT",
    url: () => `/api/events/${perRole.prof!.id}`,
    as: "prof",
    body: { titre: "Par PUT" },
    status: 404,
  },
  {
    name: "nor update-self",
    method: "POST",
    url: () => `/api/events/${perRole.delegue!.id}/update-self`,
    as: "delegue",
    body: { titre: "x" },
    status: 404,
  },
  {
    name: "an unknown id",
    method: "PUT",
    url: "/api/personal-tasks/nope",
    as: "eleve",
    body: { titre: "x" },
    status: 404,
    expect: NOT_FOUND,
  },
];

const states: Scenario[] = (["check", "archive", "unarchive", "uncheck"] as const).flatMap((action) =>
  everyActor({ method: "POST", url: () => `/api/events/${mine.id}/${action}`, body: {} }, ownerOnly(200), `${action}: the owner only`, {
    401: GUEST,
    404: NOT_FOUND,
    200: {
      success: true,
      completedTasks: 0,
      event: {
        personal: true,
        checked: action === "check" || action === "archive" || action === "unarchive",
        archived: action === "archive",
      },
    },
  }),
);

const deletes: Scenario[] = [
  ...everyActor({ method: "DELETE", url: () => `/api/personal-tasks/${mine.id}` }, { ...ownerOnly(200) }, "only the owner deletes it", {
    401: GUEST,
    404: NOT_FOUND,
    200: { success: true, message: "Tâche perso supprimée." },
  }),
  { name: "gone", method: "GET", url: () => `/api/events/${mine.id}`, as: "eleve", status: 404 },
  { name: "deleted twice", method: "DELETE", url: () => `/api/personal-tasks/${mine.id}`, as: "eleve", status: 404 },
  ...everyActor(
    { method: "DELETE", url: () => `/api/events/${perRole.eleve!.id}` },
    ownerOnly(200),
    "removing it from one's list (old clients) deletes it too",
    {
      404: NOT_FOUND,
      200: { success: true },
    },
  ),
  { name: "and it is gone", method: "GET", url: () => `/api/events/${perRole.eleve!.id}`, as: "eleve", status: 404 },
  {
    name: "someone else's cannot be hard-deleted either",
    method: "POST",
    url: () => `/api/events/${perRole.delegue!.id}/hard-delete`,
    as: "admin",
    status: 404,
  },
  {
    name: "the others' personal tasks are still there",
    method: "GET",
    url: "/api/events",
    as: "delegue",
    status: 200,
    expect: (json) => expect(titles(json)).toContain("Perso (delegue)"),
  },
];

describe("create", () => scenarioTests(creates, env));
describe("read", () => scenarioTests(reads, env));
describe("edit", () => scenarioTests(edits, env));
describe("check and archive", () => scenarioTests(states, env));
describe("delete", () => scenarioTests(deletes, env));

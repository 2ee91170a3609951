import { afterAll, beforeAll, describe, expect } from "vitest";
import { createActors, createTestApp, scenarioTests, type Actors, type Scenario, type TestContext } from "../../../test/helpers";
import { createTask, taskBody, type EventJson } from "./test-support";

// One name per field, end to end: the spec's names (what the original client sends) and the
// aliases older clients send (rewritten by plugins/legacy-bodies.ts) both work on every task
// write, with the same answers; a missing field keeps the French message and code it had.
let ctx: TestContext;
let actors: Actors;
let profTask: EventJson;
let ownTask: EventJson;

beforeAll(async () => {
  ctx = createTestApp();
  actors = await createActors(ctx);
  profTask = await createTask(ctx, actors.prof.token, { titre: "Tâche du prof", groupes: ["A"] });
  ownTask = await createTask(ctx, actors.delegue.token, { titre: "Tâche du délégué" });
});
afterAll(() => ctx.close());

const env = () => ({ ctx, actors });
const event = (json: unknown) => (json as { event: Record<string, unknown> }).event;

/** The body the original client sends (spec 3, POST /events). */
const ORIGINAL = {
  titre: "Partiel",
  type: "exam",
  matiere: "Anglais",
  date: "2026-11-25",
  heure: "14:30",
  description: "<p>Salle B12</p>",
  groupes: ["A", "B"],
  groupe: "A",
  submissionEnabled: true,
  year: "BUT2",
};
/** The same task under the names older clients use. */
const ALIASED = {
  title: "Partiel",
  type: "examen",
  subject: "anglais",
  dueDate: "2026-11-25T00:00:00Z",
  heure: "14h30",
  description: "<p>Salle B12</p>",
  groupes: ["A", "B"],
  groupe: "A",
  submissionEnabled: true,
  year: "BUT2",
};
const SAME_TASK = {
  titre: "Partiel",
  title: "Partiel",
  type: "exam",
  matiere: "Anglais",
  subject: "Anglais",
  date: "2026-11-25",
  heure: "14:30",
  groupes: ["A", "B"],
  groupe: "A",
  submissionEnabled: true,
  year: "BUT2",
  start: "2026-11-25T13:30:00.000Z",
};

const creates: Scenario[] = [
  {
    name: "the original client's names",
    method: "POST",
    url: "/api/events",
    as: "prof",
    body: ORIGINAL,
    status: 201,
    expect: (json) => expect(event(json)).toMatchObject(SAME_TASK),
  },
  {
    name: "the aliases: title, subject, dueDate, examen, 14h30",
    method: "POST",
    url: "/api/events",
    as: "prof",
    body: ALIASED,
    status: 201,
    expect: (json) => expect(event(json)).toMatchObject(SAME_TASK),
  },
  {
    name: "the spec's name wins when a body carries both",
    method: "POST",
    url: "/api/events",
    as: "prof",
    body: { ...ORIGINAL, title: "Autre titre", subject: "Astrologie", dueDate: "2027-01-01" },
    status: 201,
    expect: (json) => expect(event(json)).toMatchObject({ titre: "Partiel", matiere: "Anglais", date: "2026-11-25" }),
  },
  {
    name: "an unknown extra field is ignored, as before",
    method: "POST",
    url: "/api/events",
    as: "prof",
    body: { ...ORIGINAL, couleur: "rouge" },
    status: 201,
    expect: (json) => {
      expect(event(json)).toMatchObject({ titre: "Partiel" });
      expect(event(json)).not.toHaveProperty("couleur");
    },
  },
];

const missing: Scenario[] = [
  ...(
    [
      ["titre", "Le titre est requis."],
      ["matiere", "Veuillez sélectionner une matière."],
      ["date", "La date est requise (AAAA-MM-JJ)."],
      ["heure", "L'heure est requise (HH:MM)."],
    ] as const
  ).map(
    ([field, message]): Scenario => ({
      name: `without ${field}: its French message`,
      method: "POST",
      url: "/api/events",
      as: "delegue",
      body: taskBody({ [field]: undefined }),
      status: 400,
      expect: { success: false, code: "BAD_REQUEST", message },
    }),
  ),
  {
    name: "an empty body: the first missing field's message",
    method: "POST",
    url: "/api/events",
    as: "delegue",
    body: {},
    status: 400,
    expect: { success: false, code: "BAD_REQUEST", message: "Le titre est requis." },
  },
  {
    name: "a null title beside an alias stays a schema error naming the field",
    method: "POST",
    url: "/api/events",
    as: "delegue",
    body: taskBody({ titre: null, title: "Alias" }),
    status: 400,
    expect: { success: false, code: "VALIDATION", message: "Données invalides : titre." },
  },
  {
    name: "a title of the wrong type stays a schema error naming the field",
    method: "POST",
    url: "/api/events",
    as: "delegue",
    body: taskBody({ titre: 12 }),
    status: 400,
    expect: { success: false, code: "VALIDATION", message: "Données invalides : titre." },
  },
];

const edits: Scenario[] = [
  {
    name: "PUT with the original names",
    method: "PUT",
    url: () => `/api/events/${profTask.id}`,
    as: "prof",
    body: { titre: "Renommée", matiere: "Ergonomie et accessibilité", date: "2026-11-27", type: "exam" },
    status: 200,
    expect: (json) =>
      expect(event(json)).toMatchObject({ titre: "Renommée", matiere: "Ergonomie et accessibilité", date: "2026-11-27", type: "exam" }),
  },
  {
    name: "PUT with the aliases",
    method: "PUT",
    url: () => `/api/events/${profTask.id}`,
    as: "prof",
    body: { title: "Re-renommée", subject: "anglais", dueDate: "2026-11-30T08:00:00Z", type: "examen" },
    status: 200,
    expect: (json) => expect(event(json)).toMatchObject({ titre: "Re-renommée", matiere: "Anglais", date: "2026-11-30", type: "exam" }),
  },
  {
    name: "update-self with the aliases",
    method: "POST",
    url: () => `/api/events/${ownTask.id}/update-self`,
    as: "delegue",
    body: { title: "Délégué renommée", subject: "Anglais" },
    status: 200,
    expect: (json) => expect(event(json)).toMatchObject({ titre: "Délégué renommée", matiere: "Anglais" }),
  },
  {
    name: "set-groups with the spec's groups",
    method: "POST",
    url: () => `/api/events/${profTask.id}/set-groups`,
    as: "prof",
    body: { groups: ["B"] },
    status: 200,
    expect: (json) => expect(event(json)).toMatchObject({ groupes: ["B"], groupe: "B" }),
  },
  {
    name: "set-groups with the alias groupes",
    method: "POST",
    url: () => `/api/events/${profTask.id}/set-groups`,
    as: "prof",
    body: { groupes: ["A", "B'"] },
    status: 200,
    expect: (json) => expect(event(json)).toMatchObject({ groupes: ["A", "B'"] }),
  },
  {
    name: "set-groups without groups: its French message",
    method: "POST",
    url: () => `/api/events/${profTask.id}/set-groups`,
    as: "prof",
    body: {},
    status: 400,
    expect: { success: false, code: "BAD_REQUEST", message: "Veuillez sélectionner au moins un groupe." },
  },
];

describe("POST /api/events: original names and aliases", () => scenarioTests(creates, env));
describe("POST /api/events: missing fields keep their French messages", () => scenarioTests(missing, env));
describe("edits and set-groups: original names and aliases", () => scenarioTests(edits, env));

import { afterAll, beforeAll, describe, expect } from "vitest";
import { createActors, createTestApp, scenarioTests, type Actors, type Scenario, type TestContext } from "../../../test/helpers";
import { createTask, type EventJson } from "./test-support";

// Per-user archive state against admin edits and unarchive (spec 3 §4), and the delete
// confirmation's group choice (spec 3 §2.4). Rows run in order on one app.
let ctx: TestContext;
let actors: Actors;
const t: Record<string, EventJson> = {};
let counted = 0;

beforeAll(async () => {
  ctx = createTestApp();
  actors = await createActors(ctx);
  t.edited = await createTask(ctx, actors.prof.token, { titre: "Exposé" });
  t.byProf = await createTask(ctx, actors.prof.token, { titre: "Lecture" });
  t.unarchived = await createTask(ctx, actors.prof.token, { titre: "Fiche de lecture" });
  t.deposit = await createTask(ctx, actors.prof.token, { titre: "Rendu obligatoire", submissionEnabled: true });
  t.twoGroups = await createTask(ctx, actors.prof.token, { titre: "TP réseau", groupes: ["A", "B"] });
  t.promo = await createTask(ctx, actors.prof.token, { titre: "Conférence", groupes: ["Promo"], groupe: "Promo" });
  t.all = await createTask(ctx, actors.prof.token, { titre: "Sortie", groupes: ["A", "B"] });
});
afterAll(() => ctx.close());
const env = () => ({ ctx, actors });

const state = (key: string, action: string, expect?: Scenario["expect"], as: Scenario["as"] = "eleve"): Scenario => ({
  name: `${action} « ${key} »`,
  method: "POST",
  url: () => `/api/events/${t[key]!.id}/${action}`,
  as,
  status: 200,
  body: {},
  expect,
});
const checkAndArchive = (key: string): Scenario[] => [
  state(key, "check"),
  state(key, "archive", { event: { checked: true, archived: true } }),
];

const adminEdits: Scenario[] = [
  ...checkAndArchive("edited"),
  ...checkAndArchive("byProf"),
  {
    name: "an admin's edit (the dashboard's form) removes the archived flag: the student finds the task again",
    method: "PUT",
    url: () => `/api/events/${t.edited!.id}`,
    as: "admin",
    body: { titre: "Exposé (salle 12)" },
    status: 200,
  },
  {
    name: "the student's task is no longer archived, still done",
    method: "GET",
    url: () => `/api/events/${t.edited!.id}`,
    as: "eleve",
    status: 200,
    expect: { event: { titre: "Exposé (salle 12)", archived: false, checked: true } },
  },
  {
    name: "a prof's edit from the list keeps each student's archive",
    method: "PUT",
    url: () => `/api/events/${t.byProf!.id}`,
    as: "prof",
    body: { titre: "Lecture (chap. 2)" },
    status: 200,
  },
  {
    name: "still archived",
    method: "GET",
    url: () => `/api/events/${t.byProf!.id}`,
    as: "eleve",
    status: 200,
    expect: { event: { archived: true } },
  },
];

const unarchives: Scenario[] = [
  state("unarchived", "check", (json) => {
    counted = (json as { completedTasks: number }).completedTasks;
  }),
  state("unarchived", "archive"),
  state("unarchived", "unarchive", (json) =>
    expect(json).toMatchObject({ completedTasks: counted - 1, event: { archived: false, checked: false, hidden: true } }),
  ),
  {
    name: "unarchive unchecks and removes the task from the student's list, as « Vider » does",
    method: "GET",
    url: "/api/events",
    as: "eleve",
    status: 200,
    expect: (json) => {
      const event = (json as { events: EventJson[] }).events.find((e) => e.id === t.unarchived!.id);
      expect(event?.hidden ?? true).toBe(true);
    },
  },
  {
    name: "another student's list is untouched",
    method: "GET",
    url: () => `/api/events/${t.unarchived!.id}`,
    as: "etudiant",
    status: 200,
    expect: { event: { hidden: false } },
  },
  ...checkAndArchive("deposit"),
  state("deposit", "unarchive", { event: { archived: false, checked: false, hidden: false } }),
];

const groupChoice: Scenario[] = [
  {
    name: "the creator removes a task for one of its groups: it stays for the other",
    method: "POST",
    url: () => `/api/events/${t.twoGroups!.id}/hard-delete`,
    as: "prof",
    body: { groups: ["A"] },
    status: 200,
    expect: { success: true, message: "Tâche retirée pour A." },
  },
  { name: "group A no longer sees it", method: "GET", url: () => `/api/events/${t.twoGroups!.id}`, as: "eleve", status: 404 },
  {
    name: "it stays for B",
    method: "GET",
    url: () => `/api/events/${t.twoGroups!.id}`,
    as: "admin",
    status: 200,
    expect: { event: { groupes: ["B"], groupe: "B" } },
  },
  {
    name: "a Promo task removed for one group keeps every other group of the promo",
    method: "POST",
    url: () => `/api/events/${t.promo!.id}/hard-delete`,
    as: "prof",
    body: { groups: ["A'"] },
    status: 200,
    expect: { message: "Tâche retirée pour A'." },
  },
  {
    name: "its groups",
    method: "GET",
    url: () => `/api/events/${t.promo!.id}`,
    as: "eleve",
    status: 200,
    expect: (json) => expect((json as { event: EventJson }).event.groupes.toSorted()).toEqual(["A", 'A"', "B", "B'", 'B"'].toSorted()),
  },
  {
    name: "someone else's task: a delegate may not choose",
    method: "POST",
    url: () => `/api/events/${t.all!.id}/hard-delete`,
    as: "delegue",
    body: { groups: ["A"] },
    status: 403,
  },
  {
    name: "every group chosen deletes it for everyone",
    method: "POST",
    url: () => `/api/events-groups/${t.all!.id}/hard-delete`,
    as: "prof",
    body: { groups: ["A", "B"] },
    status: 200,
    expect: { message: "Tâche supprimée définitivement." },
  },
  { name: "gone", method: "GET", url: () => `/api/events/${t.all!.id}`, as: "admin", status: 404 },
  {
    name: "an unknown group is a schema error",
    method: "POST",
    url: () => `/api/events/${t.promo!.id}/hard-delete`,
    as: "prof",
    body: { groups: ["Z"] },
    status: 400,
    expect: { code: "VALIDATION" },
  },
];

describe("admin edits and the archive", () => scenarioTests(adminEdits, env));
describe("unarchive", () => scenarioTests(unarchives, env));
describe("the delete confirmation's group choice", () => scenarioTests(groupChoice, env));

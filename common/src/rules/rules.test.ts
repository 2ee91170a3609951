import { describe, expect, it } from "vitest";
import { listsAllow } from "./subject-visibility";
import { taskPermissions } from "./task-permissions";

const none = { yearsAllowed: [], groupsAllowed: [], specialitesAllowed: [] };
const student = { role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" };

describe("subject visibility", () => {
  it("empty lists allow everyone; each list must hold the student's value; Promo means every group", () => {
    expect(listsAllow(none, student)).toBe(true);
    expect(listsAllow({ ...none, yearsAllowed: ["BUT2"] }, student)).toBe(false);
    expect(listsAllow({ ...none, groupsAllowed: ["Promo"] }, student)).toBe(true);
    expect(listsAllow({ ...none, groupsAllowed: ["B"] }, student)).toBe(false);
    expect(listsAllow({ ...none, specialitesAllowed: ["creation"] }, { role: "prof" })).toBe(true);
  });
});

describe("task permissions", () => {
  const task = { createdBy: "d1", submissionEnabled: true };
  it("creators and admins hard-delete; profs edit everything but delete only their own", () => {
    expect(taskPermissions({ id: "d1", role: "delegue" }, task)).toMatchObject({
      edit: true,
      hardDelete: true,
      editYear: false,
      deposit: true,
    });
    expect(taskPermissions({ id: "d2", role: "delegue" }, task)).toMatchObject({ edit: false, hardDelete: false, setGroups: false });
    expect(taskPermissions({ id: "p1", role: "prof" }, task)).toMatchObject({
      edit: true,
      hardDelete: false,
      seeSubmissions: true,
      deposit: false,
    });
    expect(taskPermissions({ id: "a1", role: "admin" }, task)).toMatchObject({ edit: true, hardDelete: true });
    expect(taskPermissions({ id: "e1", role: "eleve" }, task)).toMatchObject({ edit: false, hide: true, deposit: true });
  });
});

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

// Scenario table of the subject routes: reads filtered by role,
// writes admin-only and validated, /subjects/static-rules the same resource as /subjects/rules.
let ctx: TestContext;
let actors: Actors;
let subjectId = "";

beforeAll(async () => {
  ctx = createTestApp();
  actors = await createActors(ctx);
});
afterAll(() => ctx.close());

const env = () => ({ ctx, actors });
const ADMIN_ONLY = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403 } as const;
const EVERY_MEMBER = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 } as const;
const SUBJECT = {
  name: "Atelier UX",
  color: "#112233",
  color2: "#445566",
  useGradient: true,
  gradientAngle: 90,
  colorOpacity: 0.8,
  color2Opacity: 1,
};
const names = (json: unknown) => (json as { subjects: { name: string }[] }).subjects.map((s) => s.name);
const rules = (json: unknown) => (json as { rules: { subjectName: string }[] }).rules.map((r) => r.subjectName);

const rows: Scenario[] = [
  ...everyActor({ method: "POST", url: "/api/subjects", body: SUBJECT }, { ...ADMIN_ONLY, admin: 201 }, "creates a subject", {
    201: async (json) => {
      const subject = (json as { subject: { id: string; _id: string } }).subject;
      expect(json).toMatchObject({
        success: true,
        message: "Matière ajoutée.",
        subject: { ...SUBJECT, yearsAllowed: [], groupsAllowed: [], specialitesAllowed: [] },
      });
      expect(subject._id).toBe(subject.id);
      subjectId = subject.id;
    },
  }),
  {
    name: "the same name again (any case)",
    method: "POST",
    url: "/api/subjects",
    as: "admin",
    body: { ...SUBJECT, name: " atelier  ux " },
    status: 409,
    expect: { message: "Une matière porte déjà ce nom." },
  },
  {
    name: "an empty name",
    method: "POST",
    url: "/api/subjects",
    as: "admin",
    body: { ...SUBJECT, name: "  " },
    status: 400,
    expect: { message: "Le nom de la matière est requis (50 caractères maximum)." },
  },
  {
    name: "a 51-character name",
    method: "POST",
    url: "/api/subjects",
    as: "admin",
    body: { ...SUBJECT, name: "x".repeat(51) },
    status: 400,
  },
  {
    name: "a colour that is not #RRGGBB",
    method: "POST",
    url: "/api/subjects",
    as: "admin",
    body: { ...SUBJECT, name: "B", color: "red" },
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "opacity above 1",
    method: "POST",
    url: "/api/subjects",
    as: "admin",
    body: { ...SUBJECT, name: "C", colorOpacity: 1.5 },
    status: 400,
  },
  {
    name: "angle above 360",
    method: "POST",
    url: "/api/subjects",
    as: "admin",
    body: { ...SUBJECT, name: "D", gradientAngle: 361 },
    status: 400,
  },
  {
    name: "an unknown year in a list",
    method: "POST",
    url: "/api/subjects",
    as: "admin",
    body: { ...SUBJECT, name: "E", yearsAllowed: ["BUT4"] },
    status: 400,
  },
  ...everyActor({ method: "GET", url: "/api/subjects" }, EVERY_MEMBER, "lists subjects", {
    200: (json) => expect(names(json)).toEqual(["Atelier UX"]),
  }),
  ...everyActor(
    { method: "PUT", url: () => `/api/subjects/${subjectId}`, body: { groupsAllowed: ["B"], color: "#abcdef" } },
    { ...ADMIN_ONLY, admin: 200 },
    "edits a subject",
    {
      200: { success: true, subject: { name: "Atelier UX", color: "#ABCDEF", groupsAllowed: ["B"], gradientAngle: 90 } },
    },
  ),
  ...everyActor({ method: "GET", url: "/api/subjects" }, EVERY_MEMBER, "group A students no longer see it; staff do").map((row) => ({
    ...row,
    expect:
      row.as === "guest"
        ? { code: "UNAUTHORIZED" }
        : (json: unknown) => expect(names(json)).toEqual(row.as === "prof" || row.as === "admin" ? ["Atelier UX"] : []),
  })),
  ...everyActor(
    { method: "POST", url: "/api/subjects/rules", body: { subjectName: "Anglais", yearsAllowed: ["BUT2"] } },
    { ...ADMIN_ONLY, admin: 200 },
    "sets a static rule",
    {
      200: { success: true, rule: { subjectName: "Anglais", yearsAllowed: ["BUT2"], groupsAllowed: [], specialitesAllowed: [] } },
    },
  ),
  {
    name: "static-rules updates the same rule",
    method: "POST",
    url: "/api/subjects/static-rules",
    as: "admin",
    body: { subjectName: "Anglais", specialitesAllowed: ["gestion"] },
    status: 200,
  },
  ...everyActor({ method: "GET", url: "/api/subjects/rules" }, EVERY_MEMBER, "reads the rules", {
    200: (json) => {
      expect(rules(json)).toEqual(["Anglais"]);
      expect(json).toMatchObject({ rules: [{ yearsAllowed: [], specialitesAllowed: ["gestion"] }] });
    },
  }),
  {
    name: "static-rules reads the same list",
    method: "GET",
    url: "/api/subjects/static-rules",
    as: "eleve",
    status: 200,
    expect: (json) => expect(rules(json)).toEqual(["Anglais"]),
  },
  ...everyActor({ method: "DELETE", url: "/api/subjects/static-rules/Anglais" }, { ...ADMIN_ONLY, admin: 200 }, "deletes a rule", {
    200: { success: true },
  }),
  {
    name: "deleted from both paths",
    method: "DELETE",
    url: "/api/subjects/rules/Anglais",
    as: "admin",
    status: 404,
    expect: { message: "Règle introuvable." },
  },
  ...everyActor({ method: "DELETE", url: () => `/api/subjects/${subjectId}` }, { ...ADMIN_ONLY, admin: 200 }, "deletes a subject", {
    200: { success: true, message: "Matière supprimée." },
  }),
  {
    name: "already gone",
    method: "DELETE",
    url: () => `/api/subjects/${subjectId}`,
    as: "admin",
    status: 404,
    expect: { message: "Matière introuvable." },
  },
  { name: "edit of a missing subject", method: "PUT", url: "/api/subjects/nope", as: "admin", body: { color: "#000000" }, status: 404 },
];

describe("subjects", () => scenarioTests(rows, env));

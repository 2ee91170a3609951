import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { appPerFile, everyActor, scenarioTests, type Actors, type Scenario } from "../../../test/helpers";

// Scenario table of account creation (admin only) and public profiles.
const app = appPerFile();

const env = () => app;
const newStudent = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  password: "bienvenue-2026",
  role: "etudiant",
  year: "BUT2",
  groupe: "B",
  specialite: "creation",
  firstName: "Lina",
  lastName: "Martin",
  ...extra,
});

const register: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/users/register", body: newStudent("lina") },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 201 },
    "only admins create accounts",
    {
      401: { success: false, code: "UNAUTHORIZED", message: "Session expirée. Veuillez vous reconnecter." },
      403: { success: false, code: "FORBIDDEN", message: "Accès refusé." },
      201: (json) => {
        expect(json).toMatchObject({
          success: true,
          message: "Utilisateur créé.",
          user: { username: "lina", role: "eleve", year: "BUT2", groupe: "B", displayName: "Lina Martin" },
        });
        expect(JSON.stringify(json)).not.toMatch(/password|Hash/i);
      },
    },
  ),
  {
    name: "the new account logs in",
    method: "POST",
    url: "/api/users/login",
    as: "guest",
    body: { username: "LINA", password: "bienvenue-2026" },
    status: 200,
    expect: { username: "lina", role: "eleve", hasSecretQuestions: false },
  },
  {
    name: "same username in another case and spacing",
    method: "POST",
    url: "/api/users/register",
    as: "admin",
    body: newStudent("  Lina "),
    status: 409,
    expect: { message: "Ce nom d'utilisateur est déjà utilisé." },
  },
  {
    name: "password too short",
    method: "POST",
    url: "/api/users/register",
    as: "admin",
    body: newStudent("court", { password: "1234567" }),
    status: 400,
    expect: { message: "Le mot de passe doit contenir au moins 8 caractères." },
  },
  {
    name: "a student needs a year",
    method: "POST",
    url: "/api/users/register",
    as: "admin",
    body: newStudent("sansannee", { year: "" }),
    status: 400,
    expect: { message: "Veuillez sélectionner une année." },
  },
  {
    name: "unknown role",
    method: "POST",
    url: "/api/users/register",
    as: "admin",
    body: newStudent("pirate", { role: "superadmin" }),
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "blank username",
    method: "POST",
    url: "/api/users/register",
    as: "admin",
    body: newStudent("   "),
    status: 400,
    expect: { message: "Nom d'utilisateur requis." },
  },
  {
    name: "professeur is stored as prof, with no year",
    method: "POST",
    url: "/api/users/register",
    as: "admin",
    body: { username: "m.durand", password: "professeur-1", role: "professeur", year: "BUT1" },
    status: 201,
    expect: { user: { role: "prof", year: "", groupe: "Promo", leaderboardEnabled: false } },
  },
];

const profileFields = (json: unknown) => {
  expect(json).toMatchObject({ username: "prof", role: "prof", coins: 0 });
  const body = json as Record<string, unknown>;
  expect(body.id).toBe(body._id);
  expect(JSON.stringify(body)).not.toMatch(/passwordHash|answerHash|tokenVersion|token"/);
};

const profile: Scenario[] = [
  ...everyActor(
    { method: "GET", url: "/api/users/ID", body: undefined },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "public fields of a profile",
    {
      401: { code: "UNAUTHORIZED" },
      200: profileFields,
    },
  ).map((row) => ({ ...row, url: (a: Actors) => `/api/users/${a.prof.id}` })),
  {
    name: "students do not see secret questions",
    method: "GET",
    url: (a) => `/api/users/${a.prof.id}`,
    as: "eleve",
    status: 200,
    expect: (json) => expect(json).not.toHaveProperty("secretQuestions"),
  },
  {
    name: "admins see which questions are set, never answers",
    method: "GET",
    url: (a) => `/api/users/${a.eleve.id}`,
    as: "admin",
    status: 200,
    expect: (json) => {
      expect(json).toMatchObject({ secretQuestions: [{ question: "Ville ?" }] });
      expect(JSON.stringify(json)).not.toMatch(/lyon|answer/i);
    },
  },
  {
    name: "unknown id",
    method: "GET",
    url: "/api/users/0195a3c4-0000-7000-8000-000000000000",
    as: "eleve",
    status: 404,
    expect: { message: "Utilisateur introuvable." },
  },
];

// Static paths are never taken for a user id, whoever asks (a guest too): their own route, or a 404 naming them.
const all404 = { guest: 404, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 };
// (/api/users/leaderboard is a route of its own: features/profiles.)
const staticPaths: Scenario[] = ["/api/users/avatar/abc", "/api/users/music/abc", "/api/users/me", "/api/users/me/leaderboard"].flatMap(
  (url) =>
    everyActor({ method: "GET", url }, all404, `${url} is not a user id`, {
      404: (json) => expect(json).toEqual({ success: false, code: "NOT_FOUND", message: `Route introuvable : GET ${url}` }),
    }),
);

describe("POST /api/users/register", () => {
  scenarioTests(register, env);
  it("stores a normalised username key once", async () => {
    const rows = await app.ctx.deps.db.select().from(users).where(eq(users.usernameKey, "lina"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
describe("GET /api/users/:id", () => scenarioTests(profile, env));
describe("static paths under /api/users", () => scenarioTests(staticPaths, env));

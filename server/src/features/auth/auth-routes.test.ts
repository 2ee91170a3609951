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

// Scenario table of the account routes: login, recovery and secret questions, for a guest
// and every role. Rows run in order on one database.
let ctx: TestContext;
let actors: Actors;
let noQuestions: TestUser;
let recovering: TestUser;
let grant = "";

beforeAll(async () => {
  ctx = createTestApp();
  actors = await createActors(ctx);
  noQuestions = await ctx.user({ role: "eleve", username: "sans questions" }, { questions: false });
  recovering = await ctx.user({ role: "eleve", username: "oublieux" });
});
afterAll(() => ctx.close());

const env = () => ({ ctx, actors });
const LOGIN_FAILED = { success: false, code: "UNAUTHORIZED", message: "Nom d'utilisateur ou mot de passe incorrect" };
const ownLogin = (who: keyof Actors) => (a: Actors) => ({ username: a[who].username, password: a[who].password });
const loggedInAs = (role: string, isAdmin = false) => ({
  success: true,
  message: "Connexion réussie",
  role,
  isAdmin,
  hasSecretQuestions: true,
});

const login: Scenario[] = [
  {
    name: "eleve logs in",
    method: "POST",
    url: "/api/users/login",
    as: "guest",
    body: ownLogin("eleve"),
    status: 200,
    expect: loggedInAs("eleve"),
  },
  {
    name: "etudiant is stored as eleve",
    method: "POST",
    url: "/api/users/login",
    as: "guest",
    body: ownLogin("etudiant"),
    status: 200,
    expect: loggedInAs("eleve"),
  },
  {
    name: "delegue logs in",
    method: "POST",
    url: "/api/users/login",
    as: "guest",
    body: ownLogin("delegue"),
    status: 200,
    expect: loggedInAs("delegue"),
  },
  {
    name: "prof logs in",
    method: "POST",
    url: "/api/users/login",
    as: "guest",
    body: ownLogin("prof"),
    status: 200,
    expect: loggedInAs("prof"),
  },
  {
    name: "admin logs in, admin flag and token",
    method: "POST",
    url: "/api/users/login",
    as: "guest",
    body: ownLogin("admin"),
    status: 200,
    expect: (json) => {
      expect(json).toMatchObject(loggedInAs("admin", true));
      const body = json as Record<string, unknown>;
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body).toHaveProperty("user.username", "admin");
      expect(JSON.stringify(body)).not.toMatch(/passwordHash|answerHash|tokenVersion/);
    },
  },
  {
    name: "a token already held changes nothing",
    method: "POST",
    url: "/api/users/login",
    as: "prof",
    body: ownLogin("eleve"),
    status: 200,
    expect: { username: "eleve" },
  },
  {
    name: "wrong password",
    method: "POST",
    url: "/api/users/login",
    as: "guest",
    body: (a: Actors) => ({ username: a.eleve.username, password: "pas-le-bon-123" }),
    status: 401,
    expect: LOGIN_FAILED,
  },
  {
    name: "unknown user, same answer",
    method: "POST",
    url: "/api/users/login",
    as: "eleve",
    body: { username: "fantome", password: "pas-le-bon-123" },
    status: 401,
    expect: LOGIN_FAILED,
  },
  {
    name: "empty password",
    method: "POST",
    url: "/api/users/login",
    as: "guest",
    body: { username: "eleve", password: "   " },
    status: 400,
    expect: { message: "Nom d'utilisateur et mot de passe requis." },
  },
  {
    name: "missing field",
    method: "POST",
    url: "/api/users/login",
    as: "guest",
    body: { username: "eleve" },
    status: 400,
    expect: { success: false, code: "VALIDATION" },
  },
];

const questions: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/users/forgot-password/questions", body: { username: "oublieux" } },
    { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "question texts only, whoever asks",
    { 200: (json) => expect(json).toEqual({ success: true, questions: [{ question: "Ville ?" }] }) },
  ),
  {
    name: "unknown user",
    method: "POST",
    url: "/api/users/forgot-password/questions",
    as: "guest",
    body: { username: "fantome" },
    status: 404,
    expect: { message: "Identifiant inconnu" },
  },
  {
    name: "user without questions gets a clear message",
    method: "POST",
    url: "/api/users/forgot-password/questions",
    as: "guest",
    body: { username: "sans questions" },
    status: 400,
    expect: { message: "Aucune question secrète n'est définie pour ce compte. Contactez l'administration." },
  },
];

const verifyAndReset: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/users/forgot-password/verify", body: { username: "sans questions", answers: ["x"] } },
    { guest: 400, eleve: 400, etudiant: 400, delegue: 400, prof: 400, admin: 400 },
    "no questions: nothing to verify, whoever asks",
    { 400: { message: "Aucune question secrète n'est définie pour ce compte. Contactez l'administration." } },
  ),
  ...everyActor(
    {
      method: "POST",
      url: "/api/users/forgot-password/reset",
      body: { username: "oublieux", newPassword: "nouveau-mdp-1", resetToken: "invente" },
    },
    { guest: 403, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 403 },
    "no session replaces a verified grant, not even an admin's",
    { 403: { code: "FORBIDDEN", message: "Vérification des réponses requise ou expirée. Recommencez." } },
  ),
  {
    name: "reset with no grant is refused",
    method: "POST",
    url: "/api/users/forgot-password/reset",
    as: "guest",
    body: { username: "oublieux", newPassword: "nouveau-mdp-1" },
    status: 403,
    expect: { message: "Vérification des réponses requise ou expirée. Recommencez." },
  },
  {
    name: "wrong answer",
    method: "POST",
    url: "/api/users/forgot-password/verify",
    as: "guest",
    body: { username: "oublieux", answers: ["Paris"] },
    status: 400,
    expect: { message: "Réponses incorrectes" },
  },
  {
    name: "verify of an unknown user",
    method: "POST",
    url: "/api/users/forgot-password/verify",
    as: "guest",
    body: { username: "fantome", answers: ["x"] },
    status: 404,
    expect: { message: "Identifiant inconnu" },
  },
  {
    name: "right answer grants a reset (cookie and resetToken)",
    method: "POST",
    url: "/api/users/forgot-password/verify",
    as: "eleve",
    body: { username: "oublieux", answers: ["lyon"] },
    status: 200,
    expect: (json, res) => {
      expect(json).toMatchObject({ success: true, message: "Réponses vérifiées." });
      grant = (json as { resetToken: string }).resetToken;
      expect(grant.length).toBeGreaterThan(20);
      const cookie = res.headers.get("set-cookie") ?? "";
      expect(cookie).toContain(`planify_reset=${grant}`);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
    },
  },
  {
    name: "too short new password",
    method: "POST",
    url: "/api/users/forgot-password/reset",
    as: "guest",
    body: () => ({ username: "oublieux", newPassword: "court", resetToken: grant }),
    status: 400,
    expect: { message: "Le mot de passe doit contenir au moins 8 caractères." },
  },
  {
    name: "reset with the grant",
    method: "POST",
    url: "/api/users/forgot-password/reset",
    as: "guest",
    body: () => ({ username: "oublieux", newPassword: "nouveau-mdp-1", resetToken: grant }),
    status: 200,
    expect: { success: true, message: "Mot de passe réinitialisé." },
  },
  {
    name: "new password works",
    method: "POST",
    url: "/api/users/login",
    as: "guest",
    body: { username: "oublieux", password: "nouveau-mdp-1" },
    status: 200,
    expect: { username: "oublieux" },
  },
];

const secret = (question: string, answer: string) => ({ question, answer });
const setQuestions: Scenario[] = [
  {
    name: "guest cannot set questions",
    method: "POST",
    url: "/api/users/secret-questions",
    as: "guest",
    body: { secretQuestions: [secret("Ville ?", "Lyon")] },
    status: 401,
    expect: { code: "UNAUTHORIZED" },
  },
  ...(["eleve", "etudiant", "delegue", "prof", "admin"] as const).map<Scenario>((as) => ({
    name: "own questions",
    method: "POST",
    url: "/api/users/secret-questions",
    as,
    body: { secretQuestions: [secret("Ville ?", "Lyon"), secret("Film préféré ?", "Amélie")] },
    status: 200,
    expect: { success: true, message: "Questions secrètes enregistrées." },
  })),
  {
    name: "another user's questions: refused",
    method: "POST",
    url: "/api/users/secret-questions",
    as: "delegue",
    body: { username: "eleve", secretQuestions: [secret("Ville ?", "x")] },
    status: 403,
    expect: { message: "Vous ne pouvez modifier que vos propres questions." },
  },
  {
    name: "admin sets another user's questions",
    method: "POST",
    url: "/api/users/secret-questions",
    as: "admin",
    body: { username: "sans questions", secretQuestions: [secret("Animal ?", "Rex")] },
    status: 200,
    expect: { success: true },
  },
  {
    name: "now the user has questions",
    method: "POST",
    url: "/api/users/forgot-password/questions",
    as: "guest",
    body: { username: "sans questions" },
    status: 200,
    expect: { questions: [{ question: "Animal ?" }] },
  },
  {
    name: "admin, unknown user",
    method: "POST",
    url: "/api/users/secret-questions",
    as: "admin",
    body: { username: "fantome", secretQuestions: [secret("Animal ?", "Rex")] },
    status: 404,
    expect: { message: "Utilisateur introuvable." },
  },
  {
    name: "nothing filled",
    method: "POST",
    url: "/api/users/secret-questions",
    as: "eleve",
    body: { secretQuestions: [secret("", "")] },
    status: 400,
    expect: { message: "Veuillez remplir au moins une question et sa réponse." },
  },
  {
    name: "duplicate question",
    method: "POST",
    url: "/api/users/secret-questions",
    as: "eleve",
    body: { secretQuestions: [secret("Ville ?", "a"), secret("ville ?", "b")] },
    status: 400,
    expect: { message: "Chaque question doit être unique." },
  },
  {
    name: "question without answer",
    method: "POST",
    url: "/api/users/secret-questions",
    as: "eleve",
    body: { secretQuestions: [secret("Ville ?", "  ")] },
    status: 400,
    expect: { message: "Chaque question choisie doit avoir une réponse." },
  },
  {
    name: "four questions",
    method: "POST",
    url: "/api/users/secret-questions",
    as: "eleve",
    body: { secretQuestions: ["a", "b", "c", "d"].map((q) => secret(q, "x")) },
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "question over 200 characters",
    method: "POST",
    url: "/api/users/secret-questions",
    as: "eleve",
    body: { secretQuestions: [secret("q".repeat(201), "x")] },
    status: 400,
    expect: { code: "VALIDATION" },
  },
];

describe("POST /api/users/login", () => scenarioTests(login, env));
describe("POST /api/users/forgot-password/questions", () => scenarioTests(questions, env));
describe("POST /api/users/forgot-password/verify and /reset", () => scenarioTests(verifyAndReset, env));
describe("POST /api/users/secret-questions", () => scenarioTests(setQuestions, env));

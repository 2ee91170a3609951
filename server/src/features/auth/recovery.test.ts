import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { secretQuestions } from "../../db/schema";
import { createTestApp, logRecorder, type TestContext, type TestUser } from "../../../test/helpers";
import { setSecretQuestions } from "./service";

const THREE = [
  { question: "Ville de naissance ?", answer: "  LYÓN " },
  { question: "Film préféré ?", answer: "Le Fabuleux   Destin d'Amélie" },
  { question: "Nom de votre premier animal ?", answer: "Réglisse" },
];

const trusted = { trustProxy: true, maxUploadBytes: 1, publicUrl: null, contactTo: null, version: "t" };
const rec = logRecorder();
// One database for the file (argon2 is slow); each test starts two hours later, so that
// verify limits and grants of earlier tests have expired. `password` tracks anna's.
let ctx: TestContext;
let anna: TestUser;
let bruno: TestUser;
let password = "motdepasse-123";
beforeAll(async () => {
  ctx = createTestApp({ settings: trusted, log: rec.log });
  anna = await ctx.user({ role: "eleve", username: "anna", password }, { questions: false });
  bruno = await ctx.user({ role: "eleve", username: "bruno" });
  await ctx.user({ role: "eleve", username: "nina" }, { questions: false });
  await setSecretQuestions(ctx.deps, anna.id, THREE);
});
beforeEach(() => {
  ctx.clock.now += 2 * 3_600_000;
});
afterAll(() => ctx.close());
const loginStatus = async (username: string, pw: string) =>
  (await ctx.request("POST", "/api/users/login", { body: { username, password: pw } })).status;

const verify = (answers: string[], username = "anna", headers?: Record<string, string>) =>
  ctx.request("POST", "/api/users/forgot-password/verify", { body: { username, answers }, headers });
const reset = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  ctx.request("POST", "/api/users/forgot-password/reset", { body, headers });
const RIGHT = ["lyon", "le fabuleux destin d'amelie", "reglisse"];
const grantOf = async (res: Response) => ((await res.json()) as { resetToken: string }).resetToken;

// Argon2 makes every check slow on a loaded machine: generous time limits.
describe("password recovery", { timeout: 90_000 }, () => {
  it("stores answers only as argon2id hashes of the normalised text", async () => {
    const rows = await ctx.deps.db.select().from(secretQuestions).where(eq(secretQuestions.userId, anna.id));
    expect(rows.map((r) => r.question)).toEqual(THREE.map((q) => q.question));
    for (const r of rows) expect(r.answerHash).toMatch(/^\$argon2id\$/);
    expect(await Bun.password.verify("lyon", rows[0]!.answerHash)).toBe(true);
    const questions = await ctx.request("POST", "/api/users/forgot-password/questions", { body: { username: " ANNA " } });
    expect(await questions.json()).toEqual({ success: true, questions: THREE.map(({ question }) => ({ question })) });
  });

  it("matches answers across case, accents and inner spaces", async () => {
    const res = await verify(["lyon", "LE FABULEUX DESTIN D'AMÉLIE", "  reglisse"]);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: "Réponses vérifiées." });
  });

  it("answers the same whichever answer is wrong, or when one is missing", async () => {
    const variants = [
      ["paris", RIGHT[1]!, RIGHT[2]!],
      [RIGHT[0]!, "titanic", RIGHT[2]!],
      [RIGHT[0]!, RIGHT[1]!, ""],
      [RIGHT[0]!, RIGHT[1]!],
    ];
    const answers = [];
    for (const v of variants) {
      const res = await verify(v);
      answers.push({ status: res.status, body: await res.json() });
    }
    for (const a of answers)
      expect(a).toEqual({ status: 400, body: { success: false, code: "BAD_REQUEST", message: "Réponses incorrectes" } });
  });

  it("refuses a reset without a successful verify, and after a failed one", async () => {
    expect((await reset({ username: "anna", newPassword: "nouveau-mdp-1" })).status).toBe(403);
    expect((await reset({ username: "anna", newPassword: "nouveau-mdp-1", resetToken: "invente" })).status).toBe(403);
    expect((await verify(["x", "y", "z"])).status).toBe(400);
    const res = await reset({ username: "anna", newPassword: "nouveau-mdp-1" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "Vérification des réponses requise ou expirée. Recommencez." });
    expect(await loginStatus("anna", password)).toBe(200);
    expect(await loginStatus("anna", "nouveau-mdp-1")).toBe(401);
  });

  it("a grant works once, through the cookie as well as resetToken", async () => {
    const ok = await verify(RIGHT);
    const cookie = (ok.headers.get("set-cookie") ?? "").split(";")[0]!;
    const first = await reset({ username: "anna", newPassword: "premier-mdp-1" }, { cookie });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, message: "Mot de passe réinitialisé." });
    password = "premier-mdp-1";
    const again = await reset({ username: "anna", newPassword: "second-mdp-22" }, { cookie });
    expect(again.status).toBe(403);
    expect(await loginStatus("anna", "premier-mdp-1")).toBe(200);
    expect(await loginStatus("anna", "second-mdp-22")).toBe(401);
  });

  it("a too-short password does not use up the grant", async () => {
    const grant = await grantOf(await verify(RIGHT));
    const short = await reset({ username: "anna", newPassword: "1234567", resetToken: grant });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: "Le mot de passe doit contenir au moins 8 caractères." });
    expect((await reset({ username: "anna", newPassword: "assez-long-1", resetToken: grant })).status).toBe(200);
    password = "assez-long-1";
  });

  it("a grant expires after 15 minutes", async () => {
    const early = await grantOf(await verify(RIGHT));
    ctx.clock.now += 14 * 60_000;
    const late = await grantOf(await verify(RIGHT));
    ctx.clock.now += 60_000 + 1000;
    expect((await reset({ username: "anna", newPassword: "trop-tard-123", resetToken: early })).status).toBe(403);
    expect((await reset({ username: "anna", newPassword: "juste-a-temps-1", resetToken: late })).status).toBe(200);
    password = "juste-a-temps-1";
  });

  it("a grant for one user cannot reset another", async () => {
    const grant = await grantOf(await verify(RIGHT));
    const res = await reset({ username: "bruno", newPassword: "vole-le-compte-1", resetToken: grant });
    expect(res.status).toBe(403);
    expect(await loginStatus("bruno", bruno.password)).toBe(200);
    // The grant is still good for its own user.
    expect((await reset({ username: "anna", newPassword: "le-mien-123", resetToken: grant })).status).toBe(200);
    password = "le-mien-123";
  });

  it("a user without questions gets a clear message, at every step", async () => {
    const message = "Aucune question secrète n'est définie pour ce compte. Contactez l'administration.";
    const q = await ctx.request("POST", "/api/users/forgot-password/questions", { body: { username: "nina" } });
    expect(q.status).toBe(400);
    expect(await q.json()).toMatchObject({ message });
    const v = await verify([""], "nina");
    expect(v.status).toBe(400);
    expect(await v.json()).toMatchObject({ message });
  });

  it("parallel guesses cannot pass the verify limit", async () => {
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => verify([`essai-${i}`], "bruno")));
    // One client: the (account, address) budget of 5 per hour.
    expect(results.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it("writes nothing secret in the log", async () => {
    await verify(["faux-secret-1", "x", "y"]);
    const grant = await grantOf(await verify(RIGHT));
    await reset({ username: "anna", newPassword: "mdp-tres-secret-9", resetToken: grant });
    await ctx.request("POST", "/api/users/login", { body: { username: "anna", password: "mauvais-secret-7" } });
    await ctx.request("POST", "/api/users/login", { body: { username: "anna", password: "mdp-tres-secret-9" } });
    const text = rec.text().toLowerCase();
    for (const secret of [
      "faux-secret-1",
      "lyon",
      "reglisse",
      "amelie",
      grant,
      "mdp-tres-secret-9",
      "mauvais-secret-7",
      "motdepasse-123",
      "argon2",
    ]) {
      expect(text).not.toContain(secret.toLowerCase());
    }
  });
});

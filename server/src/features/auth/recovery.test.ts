import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { secretQuestions } from "../../db/schema";
import { createTestApp, logRecorder, type TestContext } from "../../../test/helpers";
import { setSecretQuestions } from "./service";

const THREE = [
  { question: "Ville de naissance ?", answer: "  LYÓN " },
  { question: "Film préféré ?", answer: "Le Fabuleux   Destin d'Amélie" },
  { question: "Nom de votre premier animal ?", answer: "Réglisse" },
];

async function setup(overrides = {}) {
  const ctx = createTestApp(overrides);
  const anna = await ctx.user({ role: "eleve", username: "anna" }, { questions: false });
  await setSecretQuestions(ctx.deps, anna.id, THREE);
  return { ctx, anna };
}
const verify = (ctx: TestContext, answers: string[], username = "anna", headers?: Record<string, string>) =>
  ctx.request("POST", "/api/users/forgot-password/verify", { body: { username, answers }, headers });
const reset = (ctx: TestContext, body: Record<string, unknown>, headers?: Record<string, string>) =>
  ctx.request("POST", "/api/users/forgot-password/reset", { body, headers });
const RIGHT = ["lyon", "le fabuleux destin d'amelie", "reglisse"];
const grantOf = async (res: Response) => ((await res.json()) as { resetToken: string }).resetToken;

describe("password recovery", () => {
  it("stores answers only as argon2id hashes of the normalised text", async () => {
    const { ctx, anna } = await setup();
    try {
      const rows = ctx.deps.db.select().from(secretQuestions).where(eq(secretQuestions.userId, anna.id)).all();
      expect(rows.map((r) => r.question)).toEqual(THREE.map((q) => q.question));
      for (const r of rows) expect(r.answerHash).toMatch(/^\$argon2id\$/);
      expect(await Bun.password.verify("lyon", rows[0]!.answerHash)).toBe(true);
      const questions = await ctx.request("POST", "/api/users/forgot-password/questions", { body: { username: " ANNA " } });
      expect(await questions.json()).toEqual({ success: true, questions: THREE.map(({ question }) => ({ question })) });
    } finally {
      ctx.close();
    }
  });

  it("matches answers across case, accents and inner spaces", async () => {
    const { ctx } = await setup();
    try {
      const res = await verify(ctx, ["lyon", "LE FABULEUX DESTIN D'AMÉLIE", "  reglisse"]);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, message: "Réponses vérifiées." });
    } finally {
      ctx.close();
    }
  });

  it("answers the same whichever answer is wrong, or when one is missing", async () => {
    const { ctx } = await setup();
    try {
      const variants = [
        ["paris", RIGHT[1]!, RIGHT[2]!],
        [RIGHT[0]!, "titanic", RIGHT[2]!],
        [RIGHT[0]!, RIGHT[1]!, ""],
        [RIGHT[0]!, RIGHT[1]!],
      ];
      const answers = [];
      for (const v of variants) {
        const res = await verify(ctx, v);
        answers.push({ status: res.status, body: await res.json() });
      }
      for (const a of answers) expect(a).toEqual({ status: 400, body: { success: false, code: "BAD_REQUEST", message: "Réponses incorrectes" } });
    } finally {
      ctx.close();
    }
  });

  it("refuses a reset without a successful verify, and after a failed one", async () => {
    const { ctx } = await setup();
    try {
      expect((await reset(ctx, { username: "anna", newPassword: "nouveau-mdp-1" })).status).toBe(403);
      expect((await reset(ctx, { username: "anna", newPassword: "nouveau-mdp-1", resetToken: "invente" })).status).toBe(403);
      expect((await verify(ctx, ["x", "y", "z"])).status).toBe(400);
      const res = await reset(ctx, { username: "anna", newPassword: "nouveau-mdp-1" });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: "Vérification des réponses requise ou expirée. Recommencez." });
      // The old password still works.
      expect((await ctx.request("POST", "/api/users/login", { body: { username: "anna", password: "motdepasse-123" } })).status).toBe(200);
    } finally {
      ctx.close();
    }
  });

  it("a grant works once, through the cookie as well as resetToken", async () => {
    const { ctx } = await setup();
    try {
      const ok = await verify(ctx, RIGHT);
      const cookie = (ok.headers.get("set-cookie") ?? "").split(";")[0]!;
      const first = await reset(ctx, { username: "anna", newPassword: "premier-mdp-1" }, { cookie });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ success: true, message: "Mot de passe réinitialisé." });
      const again = await reset(ctx, { username: "anna", newPassword: "second-mdp-22" }, { cookie });
      expect(again.status).toBe(403);
      expect((await ctx.request("POST", "/api/users/login", { body: { username: "anna", password: "premier-mdp-1" } })).status).toBe(200);
      expect((await ctx.request("POST", "/api/users/login", { body: { username: "anna", password: "second-mdp-22" } })).status).toBe(401);
    } finally {
      ctx.close();
    }
  });

  it("a too-short password does not use up the grant", async () => {
    const { ctx } = await setup();
    try {
      const grant = await grantOf(await verify(ctx, RIGHT));
      const short = await reset(ctx, { username: "anna", newPassword: "1234567", resetToken: grant });
      expect(short.status).toBe(400);
      expect(await short.json()).toMatchObject({ message: "Le mot de passe doit contenir au moins 8 caractères." });
      expect((await reset(ctx, { username: "anna", newPassword: "assez-long-1", resetToken: grant })).status).toBe(200);
    } finally {
      ctx.close();
    }
  });

  it("a grant expires after 15 minutes", async () => {
    const { ctx } = await setup();
    try {
      const early = await grantOf(await verify(ctx, RIGHT));
      ctx.clock.now += 14 * 60_000;
      const late = await grantOf(await verify(ctx, RIGHT));
      ctx.clock.now += 60_000 + 1000;
      expect((await reset(ctx, { username: "anna", newPassword: "trop-tard-123", resetToken: early })).status).toBe(403);
      expect((await reset(ctx, { username: "anna", newPassword: "juste-a-temps-1", resetToken: late })).status).toBe(200);
    } finally {
      ctx.close();
    }
  });

  it("a grant for one user cannot reset another", async () => {
    const { ctx } = await setup();
    try {
      const bruno = await ctx.user({ role: "eleve", username: "bruno" });
      const grant = await grantOf(await verify(ctx, RIGHT));
      const res = await reset(ctx, { username: "bruno", newPassword: "vole-le-compte-1", resetToken: grant });
      expect(res.status).toBe(403);
      expect((await ctx.request("POST", "/api/users/login", { body: { username: "bruno", password: bruno.password } })).status).toBe(200);
      // The grant is still good for its own user.
      expect((await reset(ctx, { username: "anna", newPassword: "le-mien-123", resetToken: grant })).status).toBe(200);
    } finally {
      ctx.close();
    }
  });

  it("a user without questions gets a clear message, at every step", async () => {
    const ctx = createTestApp();
    try {
      await ctx.user({ role: "eleve", username: "nina" }, { questions: false });
      const message = "Aucune question secrète n'est définie pour ce compte. Contactez l'administration.";
      const q = await ctx.request("POST", "/api/users/forgot-password/questions", { body: { username: "nina" } });
      expect(q.status).toBe(400);
      expect(await q.json()).toMatchObject({ message });
      const v = await verify(ctx, [""], "nina");
      expect(v.status).toBe(400);
      expect(await v.json()).toMatchObject({ message });
    } finally {
      ctx.close();
    }
  });

  it("limits verify to 5 per username per hour, whatever the client sends", async () => {
    const { ctx } = await setup({ settings: { trustProxy: true, maxUploadBytes: 1, publicUrl: null, contactTo: null, version: "t" } });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await verify(ctx, ["faux", "faux", "faux"], i % 2 ? "ANNA" : " anna ", { "x-forwarded-for": `192.0.2.${i}` });
        expect(res.status).toBe(400);
      }
      const blocked = await verify(ctx, RIGHT, "anna", { "x-forwarded-for": "192.0.2.99" });
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toMatchObject({ code: "RATE_LIMITED", message: "Trop de tentatives. Réessayez dans une heure." });
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3000);
      ctx.clock.now += 60 * 60_000 + 1000;
      expect((await verify(ctx, RIGHT)).status).toBe(200);
    } finally {
      ctx.close();
    }
  });

  it("writes nothing secret in the log", async () => {
    const rec = logRecorder();
    const { ctx, anna } = await setup({ log: rec.log });
    try {
      await verify(ctx, ["faux-secret-1", "x", "y"]);
      const grant = await grantOf(await verify(ctx, RIGHT));
      await reset(ctx, { username: "anna", newPassword: "mdp-tres-secret-9", resetToken: grant });
      await ctx.request("POST", "/api/users/login", { body: { username: "anna", password: "mauvais-secret-7" } });
      await ctx.request("POST", "/api/users/login", { body: { username: "anna", password: "mdp-tres-secret-9" } });
      const text = rec.text();
      for (const secret of ["faux-secret-1", "lyon", "reglisse", grant, "mdp-tres-secret-9", "mauvais-secret-7", anna.password, "argon2"]) {
        expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
      }
    } finally {
      ctx.close();
    }
  });
});

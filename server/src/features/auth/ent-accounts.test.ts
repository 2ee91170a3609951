import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENT_ACCOUNT_RECOVERY, PASSWORD_SIGN_IN_OFF } from "@planify/common/constants/sign-in";
import { schoolSettings, ssoIdentities, users } from "../../db/schema";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { writeSchoolSettings } from "../../lib/school-settings";

// Accounts of the ENT and the school's « password sign-in for admins only »: what the login
// answer says, and every password path refused with its French message.

let ctx: TestContext;
let tied: TestUser;
let plain: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ctx = createTestApp();
  tied = await ctx.user({ role: "eleve", username: "lea.ent" });
  plain = await ctx.user({ role: "eleve", username: "paul.mdp" });
  admin = await ctx.user({ role: "admin", username: "chef" });
  await ctx.deps.db.insert(ssoIdentities).values({ providerId: "ent", subject: "lea-sub", userId: tied.id, createdAt: 0 });
});
afterAll(() => ctx.close());

const post = (url: string, body: unknown, token?: string) => ctx.request("POST", url, { body, token });
const refusal = async (res: Response) => ({ status: res.status, ...((await res.json()) as { code: string; message: string }) });

describe("the login answer of an ENT account", { timeout: 60_000 }, () => {
  it("says ent: true for a tied account, ent: false otherwise, under user and flat", async () => {
    const a = (await (await post("/api/users/login", { username: tied.username, password: tied.password })).json()) as Record<string, any>;
    expect([a.ent, a.user.ent, a.profilePending]).toEqual([true, true, false]);
    const b = (await (await post("/api/users/login", { username: plain.username, password: plain.password })).json()) as Record<
      string,
      any
    >;
    expect([b.ent, b.user.ent]).toEqual([false, false]);
  });

  it("never asks a tied account to choose a password (mustChangePassword false in the answer)", async () => {
    await ctx.deps.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, tied.id));
    const a = (await (await post("/api/users/login", { username: tied.username, password: tied.password })).json()) as Record<string, any>;
    expect(a.mustChangePassword).toBe(false);
    await ctx.deps.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, tied.id));
  });
});

describe("password recovery of an ENT account", { timeout: 60_000 }, () => {
  it.each([
    ["/api/users/forgot-password/questions", { username: "lea.ent" }],
    ["/api/users/forgot-password/verify", { username: "lea.ent", answers: ["Lyon"] }],
    ["/api/users/forgot-password/reset", { username: "lea.ent", newPassword: "nouveau-mdp-123", resetToken: "x" }],
  ])("%s → 403 ENT_ACCOUNT, pointing to the ENT's « Mot de passe oublié »", async (url, body) => {
    expect(await refusal(await post(url, body))).toEqual({
      status: 403,
      success: false,
      code: "ENT_ACCOUNT",
      message: ENT_ACCOUNT_RECOVERY,
    });
  });

  it("refuses its own recovery questions too; a password account keeps them", async () => {
    const questions = { secretQuestions: [{ question: "Ville ?", answer: "Lyon" }] };
    expect((await refusal(await post("/api/users/secret-questions", questions, tied.token))).code).toBe("ENT_ACCOUNT");
    expect((await post("/api/users/secret-questions", questions, plain.token)).status).toBe(200);
  });
});

describe("password sign-in kept for admins", { timeout: 60_000 }, () => {
  beforeAll(() => writeSchoolSettings(ctx.deps.db, { passwordSignIn: "admins" }));
  afterAll(async () => await ctx.deps.db.delete(schoolSettings));

  it("refuses a student's right password with PASSWORD_SIGN_IN_DISABLED and the French message", async () => {
    const res = await post("/api/users/login", { username: plain.username, password: plain.password });
    expect(await refusal(res)).toEqual({ status: 403, success: false, code: "PASSWORD_SIGN_IN_DISABLED", message: PASSWORD_SIGN_IN_OFF });
    expect(PASSWORD_SIGN_IN_OFF).toBe("La connexion par mot de passe est désactivée : utilise le bouton « Connexion ENT ».");
  });

  it("a wrong password still answers 401: the refusal never tells who is an admin", async () => {
    expect((await post("/api/users/login", { username: plain.username, password: "faux-mot-de-passe" })).status).toBe(401);
  });

  it("an admin still signs in with a password (the way in when the ENT is down)", async () => {
    expect((await post("/api/users/login", { username: admin.username, password: admin.password })).status).toBe(200);
  });

  it("refuses a student's password recovery the same way", async () => {
    const res = await post("/api/users/forgot-password/questions", { username: plain.username });
    expect(await refusal(res)).toMatchObject({ status: 403, code: "PASSWORD_SIGN_IN_DISABLED", message: PASSWORD_SIGN_IN_OFF });
  });

  it("an admin's recovery still works", async () => {
    expect((await post("/api/users/forgot-password/questions", { username: admin.username })).status).toBe(200);
  });
});

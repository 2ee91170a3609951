import { first } from "../../db/engine";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminJournal, ssoIdentities, users } from "../../db/schema";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { findUserByUsername, hashPassword, sessionAnswer, endCookieSession } from "../auth";
import { insertAccount } from "../users";
import { signInIdentity } from "./accounts";
import { type TestProvider, startOidcProvider } from "./test-oidc-provider";
import { browse, exchangeCode, startAndSignIn } from "./test-sso";

// ENT accounts after the sign-in: an imported account's « choose your password » is cleared,
// a student created at first sign-in must pick year and group (the first-sign-in form), and
// an identity an admin untied is tied again by username at the next sign-in.

let idp: TestProvider;
let ctx: TestContext;

beforeAll(async () => {
  idp = await startOidcProvider({
    "imp-sub": { preferred_username: "imp.orte" },
    "new-sub": { preferred_username: "nouveau.eleve", eduPersonAffiliation: ["student"] },
    "prof-sub": { preferred_username: "nouveau.prof", eduPersonAffiliation: ["faculty"] },
  });
  ctx = createTestApp({
    sso: {
      providers: [
        idp.entry({ policy: "provision", roles: { claim: "eduPersonAffiliation", values: { student: "eleve", faculty: "prof" } } }),
      ],
    },
  });
});
afterAll(async () => {
  ctx.close();
  await idp.close();
});

/** The whole ENT sign-in of `login`, ending with the web app's exchange: its login answer. */
async function signIn(login: string) {
  const { callback, stateCookie } = await startAndSignIn(ctx, login);
  const back = await browse(ctx, callback.pathname + callback.search, stateCookie);
  const code = back.headers.get("location")!.split("#connexion-ent=")[1]!;
  const res = await exchangeCode(ctx, code, stateCookie);
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; mustChangePassword: boolean; ent: boolean; user: Record<string, unknown> };
}

describe("ENT accounts after sign-in", { timeout: 60_000 }, () => {
  it("an imported account that must choose a password is let in by the ENT: the flag is cleared, no 403 after", async () => {
    const imported = await ctx.user({ role: "eleve", username: "imp.orte" });
    await ctx.deps.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, imported.id));
    const held = await ctx.request("GET", `/api/users/${imported.id}`, { token: imported.token });
    expect(held.status).toBe(403);
    const answer = await signIn("imp-sub");
    expect([answer.mustChangePassword, answer.ent, answer.user.ent]).toEqual([false, true, true]);
    expect((await first(ctx.deps.db.select().from(users).where(eq(users.id, imported.id))))!.mustChangePassword).toBe(false);
    expect((await ctx.request("GET", `/api/users/${imported.id}`, { token: answer.token })).status).toBe(200);
  });

  it("a student created without year or group is marked profilePending, until the first-sign-in form", async () => {
    const answer = await signIn("new-sub");
    expect(answer.user).toMatchObject({ username: "nouveau.eleve", role: "eleve", profilePending: true, year: "" });
    const form = { year: "BUT2", groupe: "B'", specialite: "creation" };
    const saved = await ctx.request("PUT", "/api/users/me/first-sign-in", { token: answer.token, body: form });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      success: true,
      user: { year: "BUT2", groupe: "B'", specialite: "creation", profilePending: false },
    });
    const row = (await first(ctx.deps.db.select().from(users).where(eq(users.username, "nouveau.eleve"))))!;
    expect([row.year, row.groupe, row.specialite, row.profilePending]).toEqual(["BUT2", "B'", "creation", false]);
    const entry = (await first(ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "user.first-sign-in"))))!;
    expect(entry).toMatchObject({ adminUsername: "nouveau.eleve", targetUsername: "nouveau.eleve" });
    expect(entry.summary).toBe("nouveau.eleve a choisi son profil : 2ème année, groupe B', Création numérique");
    // Once chosen, the form is closed: year and group change through the administration.
    const again = await ctx.request("PUT", "/api/users/me/first-sign-in", { token: answer.token, body: { year: "BUT3", groupe: "A" } });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: "PROFILE_ALREADY_SET",
      message: "Ton année et ton groupe sont déjà enregistrés. Pour les changer, adresse-toi à l'administration.",
    });
    // The next sign-in no longer asks.
    expect((await signIn("new-sub")).user.profilePending).toBe(false);
  });

  it("a teacher created at first sign-in has nothing to pick", async () => {
    expect((await signIn("prof-sub")).user).toMatchObject({ role: "prof", profilePending: false });
  });

  it("year, group and track sent by the ENT (planify_year, planify_group, planify_track) are kept: no form", async () => {
    const accounts = { findUserByUsername, sessionAnswer, endCookieSession, hashPassword, insertAccount };
    const provider = ctx.deps.sso!.providers[0]!;
    const attributes = {
      preferred_username: "avec.profil",
      eduPersonAffiliation: "student",
      planify_year: "but3",
      planify_group: "A'",
      planify_track: "devweb",
    };
    const { user } = await signInIdentity(ctx.deps, accounts, provider, { subject: "avec-sub", attributes }, "b");
    expect([user.year, user.groupe, user.specialite, user.profilePending]).toEqual(["BUT3", "A'", "devweb", false]);
    const partial = { preferred_username: "sans.groupe", eduPersonAffiliation: "student", planify_year: "BUT1", planify_group: "Z" };
    const second = await signInIdentity(ctx.deps, accounts, provider, { subject: "sans-sub", attributes: partial }, "b");
    expect([second.user.year, second.user.profilePending]).toEqual(["BUT1", true]);
  });

  it("after an admin unties the identity, the next ENT sign-in ties it again by username", async () => {
    const account = (await first(ctx.deps.db.select().from(users).where(eq(users.username, "imp.orte"))))!;
    const admin = await ctx.user({ role: "admin", username: "chef" });
    const untie = await ctx.request("DELETE", `/api/users-admin/${account.id}/sso-identity/ent`, { token: admin.token });
    expect(untie.status).toBe(200);
    expect(await untie.json()).toMatchObject({ success: true, message: "Identité ENT déliée.", user: { username: "imp.orte", ent: [] } });
    expect(await ctx.deps.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, account.id))).toEqual([]);
    const entry = (await first(ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "user.sso-untie"))))!;
    expect(entry).toMatchObject({ adminUsername: "chef", targetUsername: "imp.orte" });
    expect(entry.summary).toBe("Identité ENT (Connexion ENT Université de Test) déliée du compte imp.orte");
    const answer = await signIn("imp-sub");
    expect(answer.user.id).toBe(account.id);
    expect(await ctx.deps.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, account.id))).toHaveLength(1);
  });
});

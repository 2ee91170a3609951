import { first } from "../../db/engine";
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminJournal, ssoIdentities, users } from "../../db/schema";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { endCookieSession, findUserByUsername, hashPassword, sessionAnswer } from "../auth";
import { insertAccount } from "../users";
import { signInIdentity } from "./accounts";
import { type TestProvider, startOidcProvider } from "./test-oidc-provider";
import { browse, failureOf, startAndSignIn } from "./test-sso";

// Accounts created at first sign-in whose username another account already holds: the
// new account takes the next free username (« admin2 »), it is never refused as « identité
// déjà liée » (that code is for an account tied to another ENT identity), and the same person
// signing in twice at once gets one account.

let idp: TestProvider;
let ctx: TestContext;
const accounts = { findUserByUsername, sessionAnswer, endCookieSession, hashPassword, insertAccount };

beforeAll(async () => {
  idp = await startOidcProvider({
    // The part before « @ » is the username of an admin, which the lookup never matches.
    "etu-sub": { preferred_username: "admin@univ-test.fr", eduPersonAffiliation: ["student"] },
  });
  ctx = createTestApp({
    sso: {
      providers: [idp.entry({ policy: "provision", roles: { claim: "eduPersonAffiliation", values: { student: "eleve" } } })],
    },
  });
  await ctx.user({ role: "admin", username: "admin" });
});
afterAll(async () => {
  ctx.close();
  await idp.close();
});

const provider = () => ctx.deps.sso!.providers![0]!;
const student = (subject: string, username: string) => ({
  subject,
  attributes: { sub: subject, preferred_username: username, eduPersonAffiliation: ["student"] },
});
const accountsNamed = async (pattern: string) =>
  await ctx.deps.db.select({ username: users.username, role: users.role }).from(users).where(like(users.username, pattern));

describe("a username already taken at first ENT sign-in", () => {
  it("an ENT student whose derived username is an admin's → a new student account « admin2 », signed in, journaled", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "etu-sub");
    const res = await browse(ctx, callback.pathname + callback.search, stateCookie);
    expect(failureOf(res)).toBeNull();
    expect(res.headers.get("location")).toMatch(/^\/devoirs#connexion-ent=/);
    expect((await accountsNamed("admin%")).sort((a, b) => a.username.localeCompare(b.username))).toEqual([
      { username: "admin", role: "admin" },
      { username: "admin2", role: "eleve" },
    ]);
    const entry = await first(ctx.deps.db.select().from(adminJournal).where(like(adminJournal.summary, "Compte admin2 créé%")));
    expect(entry?.summary).toBe("Compte admin2 créé à sa première connexion ENT (eleve) ; « admin » était déjà pris");
  });

  it("two ENT people deriving the same username at the same time → two accounts, « paul.durand » and « paul.durand2 »", async () => {
    const outcomes = await Promise.all([
      signInIdentity(ctx.deps, accounts, provider(), student("paul-1", "paul.durand@univ-test.fr"), "navigateur-1"),
      signInIdentity(ctx.deps, accounts, provider(), student("paul-2", "paul.durand@etu.univ-test.fr"), "navigateur-2"),
    ]);
    // Which of the two gets the plain name is whichever committed first (on PostgreSQL they run side by side).
    expect(outcomes.map((o) => [o.user.username, o.outcome]).sort()).toEqual([
      ["paul.durand", "created"],
      ["paul.durand2", "created"],
    ]);
    const tied = await ctx.deps.db.select({ subject: ssoIdentities.subject, userId: ssoIdentities.userId }).from(ssoIdentities);
    expect(tied).toEqual(
      expect.arrayContaining([
        { subject: "paul-1", userId: outcomes[0].user.id },
        { subject: "paul-2", userId: outcomes[1].user.id },
      ]),
    );
  });

  it("the same person signing in twice at once → one account, one identity, both signed in", async () => {
    const [a, b] = await Promise.all([
      signInIdentity(ctx.deps, accounts, provider(), student("lou-sub", "lou.bernard"), "onglet-1"),
      signInIdentity(ctx.deps, accounts, provider(), student("lou-sub", "lou.bernard"), "onglet-2"),
    ]);
    expect(a.user.id).toBe(b.user.id);
    expect(await accountsNamed("lou.bernard%")).toHaveLength(1);
    expect((await first(ctx.deps.db.select({ n: count() }).from(ssoIdentities).where(eq(ssoIdentities.subject, "lou-sub"))))!.n).toBe(1);
  });
});

import { first } from "../../db/engine";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminJournal, users } from "../../db/schema";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { type TestProvider, startOidcProvider } from "./test-oidc-provider";
import { browse, exchangeCode, failureOf, ssoRows, startAndSignIn } from "./test-sso";

// Policy « provision »: an account is created at first sign-in, its role from the mapping of
// eduPersonAffiliation (never admin or delegue); an unmapped status is refused, nothing created.

let idp: TestProvider;
let ctx: TestContext;

beforeAll(async () => {
  idp = await startOidcProvider(
    {
      "nina-sub": {
        preferred_username: "nina.petit",
        given_name: "Nina",
        family_name: "Petit",
        eduPersonAffiliation: ["member", "student"],
      },
      "paul-sub": { preferred_username: "paul.prof", eduPersonAffiliation: ["{UAI:0751717J}faculty"] },
      "both-sub": { preferred_username: "doc.torant", eduPersonAffiliation: ["faculty", "student"] },
      "staff-sub": { preferred_username: "agent.admin", eduPersonAffiliation: ["staff", "employee"] },
      "dsi-sub": { preferred_username: "chef.dsi", groups: ["planify-admins", "staff"] },
      "dsi-student-sub": { preferred_username: "stagiaire.dsi", groups: ["planify-admins", "student"] },
    },
    ["ent", "dsi"],
  );
  ctx = createTestApp({
    sso: {
      providers: [
        idp.entry({ policy: "provision", roles: { claim: "eduPersonAffiliation", values: { student: "eleve", faculty: "prof" } } }),
        // The school maps its IT group to admin explicitly.
        idp.entry({ id: "dsi", policy: "provision", roles: { claim: "groups", values: { "planify-admins": "admin", student: "eleve" } } }),
      ],
    },
  });
});
afterAll(async () => {
  ctx.close();
  await idp.close();
});

const userCount = async () => (await first(ctx.deps.db.select({ n: count() }).from(users)))!.n;

/** The browser cookies of the last signIn (its binding, for the exchange). */
let browser = "";
async function signIn(login: string, provider = "ent") {
  const { callback, stateCookie } = await startAndSignIn(ctx, login, { provider });
  browser = stateCookie;
  return browse(ctx, callback.pathname + callback.search, stateCookie);
}

describe("accounts created at first ENT sign-in", () => {
  it("creates a student with the ENT's names, tied to the identity, journaled as created by the provider", async () => {
    const back = await signIn("nina-sub");
    const code = back.headers.get("location")!.split("#connexion-ent=")[1]!;
    const res = await exchangeCode(ctx, code, browser);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { username: string; role: string; firstName: string; lastName: string } };
    expect(body.user).toMatchObject({ username: "nina.petit", role: "eleve", firstName: "Nina", lastName: "Petit" });
    expect((await ssoRows(ctx)).identities).toBe(1);
    const entry = (await first(ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "user.create"))))!;
    expect(entry).toMatchObject({ adminId: "ent:ent", adminUsername: "Connexion ENT Université de Test", targetUsername: "nina.petit" });
    expect(entry.summary).toBe("Compte nina.petit créé à sa première connexion ENT (eleve)");
  });

  it("a second sign-in reuses the account", async () => {
    const before = await userCount();
    await signIn("nina-sub");
    expect(await userCount()).toBe(before);
  });

  it("maps a SUPANN-labelled value ({UAI:…}faculty) to prof", async () => {
    await signIn("paul-sub");
    expect((await first(ctx.deps.db.select().from(users).where(eq(users.username, "paul.prof"))))?.role).toBe("prof");
  });

  it("someone both faculty and student gets the lesser role, eleve", async () => {
    await signIn("both-sub");
    expect((await first(ctx.deps.db.select().from(users).where(eq(users.username, "doc.torant"))))?.role).toBe("eleve");
  });

  it("an unmapped status (staff) → STATUT_NON_RECONNU, no account, no identity, no code", async () => {
    const before = { users: await userCount(), ...(await ssoRows(ctx)) };
    const res = await signIn("staff-sub");
    expect(failureOf(res)).toBe("STATUT_NON_RECONNU");
    expect({ users: await userCount(), ...(await ssoRows(ctx)) }).toEqual(before);
  });

  it("a group the school maps to admin explicitly creates an admin; with a student value too, the lesser role", async () => {
    const roleOf = async (username: string) => (await first(ctx.deps.db.select().from(users).where(eq(users.username, username))))?.role;
    await signIn("dsi-sub", "dsi");
    expect(await roleOf("chef.dsi")).toBe("admin");
    await signIn("dsi-student-sub", "dsi");
    expect(await roleOf("stagiaire.dsi")).toBe("eleve");
  });
});

import { first } from "../../db/engine";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminJournal, users } from "../../db/schema";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { arrive, startAndSignInCas } from "./cas-test-walk";
import { startCasServer, type TestCas } from "./test-cas-server";
import { exchangeCode, failureOf, ssoRows } from "./test-sso";

// Policy « provision » through CAS: the account is created at first sign-in, its role from the
// eduPersonAffiliation the CAS releases in <cas:attributes> (the element repeated when it has
// several values, as esup CAS sends it; or once); an unmapped status creates nothing.

let cas: TestCas;
let ctx: TestContext;

beforeAll(async () => {
  cas = await startCasServer({
    "nina.petit": { attributes: { mail: "nina@univ.fr", eduPersonAffiliation: ["member", "student"] } },
    "paul.prof": { attributes: { eduPersonAffiliation: "faculty" } },
    "ines.prof": { attributes: { eduPersonAffiliation: ["{UAI:0751717J}faculty", "member"] } },
    "doc.torant": { attributes: { eduPersonAffiliation: ["faculty", "student"] } },
    "agent.admin": { attributes: { eduPersonAffiliation: ["staff", "employee"] } },
    "sans.statut": { attributes: { mail: "x@univ.fr" } },
  });
  ctx = createTestApp({
    sso: {
      providers: [
        cas.entry({ policy: "provision", roles: { claim: "eduPersonAffiliation", values: { student: "eleve", faculty: "prof" } } }),
      ],
    },
  });
});
afterAll(async () => {
  ctx.close();
  await cas.close();
});

const userCount = async () => (await first(ctx.deps.db.select({ n: count() }).from(users)))!.n;
const roleOf = async (username: string) => (await first(ctx.deps.db.select().from(users).where(eq(users.username, username))))?.role;

/** The browser cookies of the last signIn (its binding, for the exchange). */
let browser = "";
async function signIn(login: string) {
  const { callback, stateCookie } = await startAndSignInCas(ctx, login);
  browser = stateCookie;
  return arrive(ctx, callback, stateCookie);
}

describe("accounts created at first CAS sign-in", () => {
  it("creates a student from a multi-valued eduPersonAffiliation, tied to the identity, journaled as created by the CAS provider", async () => {
    const back = await signIn("nina.petit");
    const code = back.headers.get("location")!.split("#connexion-ent=")[1]!;
    const res = await exchangeCode(ctx, code, browser);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: unknown }).user).toMatchObject({ username: "nina.petit", role: "eleve" });
    expect((await ssoRows(ctx)).identities).toBe(1);
    const entry = (await first(ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "user.create"))))!;
    expect(entry).toMatchObject({
      adminId: "ent:ent",
      adminUsername: "Connexion ENT Université de Test (CAS)",
      targetUsername: "nina.petit",
    });
  });

  it("a second sign-in reuses the account", async () => {
    const before = await userCount();
    await signIn("nina.petit");
    expect(await userCount()).toBe(before);
  });

  it("a single-valued eduPersonAffiliation « faculty » → prof", async () => {
    await signIn("paul.prof");
    expect(await roleOf("paul.prof")).toBe("prof");
  });

  it("a SUPANN-labelled value ({UAI:…}faculty) among others → prof", async () => {
    await signIn("ines.prof");
    expect(await roleOf("ines.prof")).toBe("prof");
  });

  it("someone both faculty and student gets the lesser role, eleve", async () => {
    await signIn("doc.torant");
    expect(await roleOf("doc.torant")).toBe("eleve");
  });

  it.each(["agent.admin", "sans.statut"])("%s (staff, or no affiliation released) → STATUT_NON_RECONNU, nothing created", async (login) => {
    const before = { users: await userCount(), ...(await ssoRows(ctx)) };
    const res = await signIn(login);
    expect(failureOf(res)).toBe("STATUT_NON_RECONNU");
    expect({ users: await userCount(), ...(await ssoRows(ctx)) }).toEqual(before);
  });
});

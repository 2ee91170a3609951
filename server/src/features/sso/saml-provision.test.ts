import { first } from "../../db/engine";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { postAcs, samlAnswer } from "./test-saml";
import { startSamlIdp, type TestSamlIdp } from "./test-saml-idp";
import { failureOf } from "./test-sso";

// Policy « provision » with SAML: eduPersonAffiliation, sent under its OID by the IdP, gives the
// role through the same mapping as CAS and OIDC; givenName and sn give the names.

let idp: TestSamlIdp;
let ctx: TestContext;

beforeAll(async () => {
  idp = await startSamlIdp({
    nina: {
      eduPersonPrincipalName: "nina.petit@univ-test.fr",
      eduPersonAffiliation: ["member", "student"],
      givenName: "Nina",
      sn: "Petit",
    },
    paul: { eduPersonPrincipalName: "paul.prof@univ-test.fr", eduPersonAffiliation: ["{UAI:0751717J}faculty"] },
    agent: { eduPersonPrincipalName: "agent@univ-test.fr", eduPersonAffiliation: ["staff"] },
  });
  ctx = createTestApp({
    sso: {
      providers: [
        idp.entry({ policy: "provision", roles: { claim: "eduPersonAffiliation", values: { student: "eleve", faculty: "prof" } } }),
      ],
    },
  });
}, 60_000);
afterAll(async () => {
  ctx.close();
  await idp.close();
});

const signIn = async (login: string) => {
  const { acs, SAMLResponse } = await samlAnswer(ctx, idp, login);
  return postAcs(ctx, acs, { SAMLResponse });
};
const account = async (username: string) => await first(ctx.deps.db.select().from(users).where(eq(users.username, username)));

describe("accounts created at first SAML sign-in", () => {
  it("eduPersonAffiliation student → eleve, with givenName and sn as names", async () => {
    expect((await signIn("nina")).headers.get("location")).toMatch(/^\/devoirs#connexion-ent=/);
    expect(await account("nina.petit")).toMatchObject({ role: "eleve", firstName: "Nina", lastName: "Petit" });
  });

  it("a SUPANN-labelled faculty → prof", async () => {
    await signIn("paul");
    expect((await account("paul.prof"))?.role).toBe("prof");
  });

  it("staff maps to nothing → STATUT_NON_RECONNU, no account", async () => {
    expect(failureOf(await signIn("agent"))).toBe("STATUT_NON_RECONNU");
    expect(await account("agent")).toBeUndefined();
  });
});

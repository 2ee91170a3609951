import { first } from "../../db/engine";
import { count, like } from "drizzle-orm";
import { SSO_FAILURES } from "@planify/common/constants/sso";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminJournal, users } from "../../db/schema";
import { createTestApp, logRecorder, type TestContext } from "../../../test/helpers";
import { postAcs, samlAnswer } from "./test-saml";
import { startSamlIdp, type TestSamlIdp } from "./test-saml-idp";
import { browse, failureOf, ssoRows } from "./test-sso";

// Every refusal of a SAML answer: the browser goes to /connexion-ent?erreur=<CODE>, no
// account, identity or code is written, and the log names the reason.

let idp: TestSamlIdp;
let ctx: TestContext;
const logs = logRecorder();
const MINUTE = 60_000;

beforeAll(async () => {
  idp = await startSamlIdp({
    lea: { eduPersonPrincipalName: "lea.martin@univ-test.fr" },
    autre: { eduPersonPrincipalName: "LEA.MARTIN@autre-univ.fr" },
    nobody: { eduPersonPrincipalName: "inconnu.total@univ-test.fr" },
    nameless: { mail: "x@univ-test.fr" },
  });
  ctx = createTestApp({
    log: logs.log,
    sso: {
      timeoutSeconds: 1,
      providers: [idp.entry(), idp.entry({ id: "par-adresse", idpMetadata: null, idpMetadataUrl: "http://127.0.0.1:9/metadata" })],
    },
  });
  await ctx.user({ role: "eleve", username: "lea.martin" });
}, 60_000);
afterAll(async () => {
  ctx.close();
  await idp.close();
});

const userCount = async () => (await first(ctx.deps.db.select({ n: count() }).from(users)))!.n;

/** Runs `act`, then checks the error page's code, that nothing was written, and the log line. */
async function refused(act: () => Promise<Response>, code: string) {
  const before = { users: await userCount(), ...(await ssoRows(ctx)) };
  const lines = logs.lines.length;
  const res = await act();
  expect(res.status).toBe(302);
  expect(failureOf(res)).toBe(code);
  expect(res.headers.getSetCookie().some((l) => l.startsWith("planify_session=") && !/Max-Age=0/i.test(l))).toBe(false);
  expect({ users: await userCount(), ...(await ssoRows(ctx)) }).toEqual(before);
  const logged = logs.lines.slice(lines).map((l) => `${l.message} ${JSON.stringify(l.extra ?? {})}`);
  expect(logged.some((l) => l.includes(`raison=${code}`))).toBe(true);
  return logged.join("\n");
}

const answerRefused = async (login: string, faults: Parameters<typeof samlAnswer>[3], code: string) => {
  const { acs, SAMLResponse } = await samlAnswer(ctx, idp, login, faults);
  return refused(() => postAcs(ctx, acs, { SAMLResponse }), code);
};

describe("SAML sign-in refusals", () => {
  it("an unsigned assertion (only the response signed) → JETON_INVALIDE", async () => {
    expect(await answerRefused("lea", { unsigned: true }, "JETON_INVALIDE")).toContain("Invalid signature");
  });

  it("an assertion signed with another key than the metadata's → JETON_INVALIDE", async () => {
    expect(await answerRefused("lea", { otherKey: true }, "JETON_INVALIDE")).toContain("Invalid signature");
  });

  it("another audience → JETON_INVALIDE", async () => {
    expect(await answerRefused("lea", { audience: "https://autre-sp.example/shibboleth" }, "JETON_INVALIDE")).toContain("audience");
  });

  it("expired beyond the 180 s skew (NotOnOrAfter 4 minutes ago) → JETON_INVALIDE", async () => {
    const logged = await answerRefused("lea", { notOnOrAfter: new Date(Date.now() - 4 * MINUTE) }, "JETON_INVALIDE");
    // node-saml judges the SubjectConfirmationData's NotOnOrAfter first, then the Conditions'.
    expect(logged).toMatch(/expired|No valid subject confirmation/);
  });

  it("within the skew (NotOnOrAfter 1 minute ago) is still accepted", async () => {
    const { acs, SAMLResponse } = await samlAnswer(ctx, idp, "lea", { notOnOrAfter: new Date(Date.now() - MINUTE) });
    expect((await postAcs(ctx, acs, { SAMLResponse })).headers.get("location")).toMatch(/^\/devoirs#connexion-ent=/);
  });

  it("not yet valid (NotBefore in 5 minutes) → JETON_INVALIDE", async () => {
    expect(await answerRefused("lea", { notBefore: new Date(Date.now() + 5 * MINUTE) }, "JETON_INVALIDE")).toContain("not yet valid");
  });

  it("InResponseTo naming no request of ours → ETAT_INVALIDE", async () => {
    await answerRefused("lea", { inResponseTo: "_inconnu" }, "ETAT_INVALIDE");
  });

  it("a request older than 10 minutes → ETAT_INVALIDE", async () => {
    const { acs, SAMLResponse } = await samlAnswer(ctx, idp, "lea");
    ctx.clock.now += 11 * MINUTE;
    await refused(() => postAcs(ctx, acs, { SAMLResponse }), "ETAT_INVALIDE");
  });

  it("the same signed response posted twice → the second is ASSERTION_REJOUEE, nothing more written, journaled", async () => {
    const { acs, SAMLResponse } = await samlAnswer(ctx, idp, "lea");
    expect((await postAcs(ctx, acs, { SAMLResponse })).headers.get("location")).toMatch(/#connexion-ent=/);
    const journaled = async () =>
      (await first(
        ctx.deps.db
          .select({ n: count() })
          .from(adminJournal)
          .where(like(adminJournal.summary, `%${SSO_FAILURES.ASSERTION_REJOUEE}`)),
      ))!.n;
    const before = await journaled();
    // The assertion id is looked at before the spent request (which node-saml would report as ETAT_INVALIDE).
    await refused(() => postAcs(ctx, acs, { SAMLResponse }), "ASSERTION_REJOUEE");
    expect(await journaled()).toBe(before + 1);
  });

  it("an IdP-initiated response (no InResponseTo) → ETAT_INVALIDE, and replayed → refused again, nothing written", async () => {
    const { acs, SAMLResponse } = await samlAnswer(ctx, idp, "lea", { unsolicited: true });
    expect(Buffer.from(SAMLResponse, "base64").toString("utf8")).not.toContain("InResponseTo");
    // Planify only accepts answers to its own requests: the unsolicited one is never spent, so its replay is refused the same way.
    await refused(() => postAcs(ctx, acs, { SAMLResponse }), "ETAT_INVALIDE");
    await refused(() => postAcs(ctx, acs, { SAMLResponse }), "ETAT_INVALIDE");
  });

  it("a response signed and digested with SHA-1 → SIGNATURE_FAIBLE, with its French text, nothing written", async () => {
    const { acs, SAMLResponse } = await samlAnswer(ctx, idp, "lea", { sha1: true });
    expect(Buffer.from(SAMLResponse, "base64").toString("utf8")).toContain("xmldsig#rsa-sha1");
    expect(await refused(() => postAcs(ctx, acs, { SAMLResponse }), "SIGNATURE_FAIBLE")).toContain("rsa-sha1");
    expect(SSO_FAILURES.SIGNATURE_FAIBLE).toContain("SHA-1");
  });

  it("a replayed assertion id under a fresh request → ASSERTION_REJOUEE", async () => {
    const { spendAssertion } = await import("./saml-store");
    const { acs, SAMLResponse } = await samlAnswer(ctx, idp, "lea");
    const assertionId = Buffer.from(SAMLResponse, "base64")
      .toString("utf8")
      .match(/<saml:Assertion[^>]* ID="([^"]+)"/)![1]!;
    // The id was used before (another answer carrying the same assertion).
    await spendAssertion(ctx.deps, "ent", assertionId, Date.now() + 5 * MINUTE);
    await refused(() => postAcs(ctx, acs, { SAMLResponse }), "ASSERTION_REJOUEE");
  });

  it.each([
    ["no SAMLResponse", { RelayState: "x" }],
    ["an empty SAMLResponse", { SAMLResponse: "" }],
    ["garbage that is not base64", { SAMLResponse: "<samlp:Response>pas du base64</samlp:Response>" }],
    ["base64 of something that is not SAML", { SAMLResponse: Buffer.from("<pas du saml").toString("base64") }],
    ["an over-long RelayState", { SAMLResponse: "PHg+", RelayState: "r".repeat(81) }],
  ])("an ACS form with %s → the French failure page (JETON_INVALIDE), never a JSON 400", async (_, form) => {
    const { acs } = await samlAnswer(ctx, idp, "lea");
    await refused(() => postAcs(ctx, acs, form as Record<string, string>), "JETON_INVALIDE");
  });

  it("an ACS body that is JSON → 415 in French", async () => {
    const res = await ctx.app.handle(
      new Request("http://localhost/api/auth/sso/ent/acs", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, message: expect.stringContaining("formulaire") });
  });

  it("metadata at an unreachable address → ENT_INJOIGNABLE at sign-in", async () => {
    await refused(() => browse(ctx, "/api/auth/sso/par-adresse/start"), "ENT_INJOIGNABLE");
  });

  it("no account under « comptes existants uniquement » → COMPTE_INTROUVABLE", async () => {
    await answerRefused("nobody", {}, "COMPTE_INTROUVABLE");
  });

  it("no eduPersonPrincipalName → IDENTIFIANT_ABSENT", async () => {
    await answerRefused("nameless", {}, "IDENTIFIANT_ABSENT");
  });

  it("a second identity for an account already tied → IDENTITE_DEJA_LIEE", async () => {
    expect((await ssoRows(ctx)).identities).toBe(1);
    await answerRefused("autre", {}, "IDENTITE_DEJA_LIEE");
  });
});

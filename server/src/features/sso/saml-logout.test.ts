import { inflateRawSync } from "node:zlib";
import { TOKEN_TTL_REMEMBER_S } from "@planify/common/constants/limits";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, logRecorder, type TestContext } from "../../../test/helpers";
import { parseIdpMetadata } from "./saml-metadata";
import { postAcs, samlAnswer } from "./test-saml";
import { logoutRequestOf, startSamlIdp, type TestSamlIdp } from "./test-saml-idp";
import { browse, exchangeCode, setCookie } from "./test-sso";

// SAML Single Logout against a real IdP (samlify) offering a SingleLogoutService: the sign-in
// kept in an encrypted cookie, the LogoutRequest naming it, the IdP's LogoutResponse at /slo,
// and the IdP-initiated LogoutRequest answered.

const SAML_COOKIE = "planify_sso_saml";
const SP = "http://localhost/api/auth/sso/ent/metadata";
let idp: TestSamlIdp;
let ctx: TestContext;
const logs = logRecorder();

beforeAll(async () => {
  idp = await startSamlIdp({ lea: { eduPersonPrincipalName: "lea.martin@univ-test.fr" } }, { slo: true });
  const withoutSlo = { ...parseIdpMetadata(idp.metadata()), sloUrl: null };
  ctx = createTestApp({ log: logs.log, sso: { providers: [idp.entry(), idp.entry({ id: "sans-slo", idpMetadata: withoutSlo })] } });
  await ctx.user({ role: "eleve", username: "lea.martin" });
}, 60_000);
afterAll(async () => {
  ctx.close();
  await idp.close();
});

/**
 * Signs Léa in through `provider` (the ACS, then the web app's exchange): the ACS answer, the
 * cookies the browser then holds, the bearer token the web app keeps, and what the IdP named.
 */
async function signIn(provider = "ent") {
  const { acs, SAMLResponse, nameID, sessionIndex, browserCookie } = await samlAnswer(ctx, idp, "lea", { provider });
  const back = await postAcs(ctx, acs, { SAMLResponse });
  expect(back.status).toBe(302);
  const exchanged = await exchangeCode(ctx, back.headers.get("location")!.split("#connexion-ent=")[1]!, browserCookie);
  const { token, user } = (await exchanged.json()) as { token: string; user: { id: string } };
  const cookies = `planify_session=${setCookie(exchanged, "planify_session")}; ${SAML_COOKIE}=${setCookie(back, SAML_COOKIE)}`;
  return { back, cookies, nameID, sessionIndex, token, userId: user.id };
}

/** Status of an API call with the web app's bearer token. */
const apiStatus = async (token: string, userId: string) => (await ctx.request("GET", `/api/users/${userId}`, { token })).status;

const cleared = (res: Response, name: string) => res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`)) ?? "";
const samlResponseOf = (url: URL) => inflateRawSync(Buffer.from(url.searchParams.get("SAMLResponse") ?? "", "base64")).toString("utf8");
const logged = (from: number) => logs.lines.slice(from).map((l) => `${l.level} ${l.message} ${JSON.stringify(l.extra ?? {})}`);

describe("SAML Single Logout", () => {
  it("the SP metadata advertises /slo as SingleLogoutService (HTTP-Redirect)", async () => {
    const xml = await (await browse(ctx, "/api/auth/sso/ent/metadata")).text();
    expect(xml).toMatch(
      /SingleLogoutService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"[^>]*Location="http:\/\/localhost\/api\/auth\/sso\/ent\/slo"/,
    );
  });

  it("the sign-in is kept in an encrypted HttpOnly cookie under /api/auth/sso, as long as a remembered session", async () => {
    const { back, nameID } = await signIn();
    const line = cleared(back, SAML_COOKIE);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\/api\/auth\/sso(;|$)/i);
    const maxAge = (l: string) => l.match(/Max-Age=(\d+)/i)?.[1];
    expect(maxAge(line)).toBe(String(TOKEN_TTL_REMEMBER_S));
    // Encrypted: the NameID cannot be read from it.
    expect(decodeURIComponent(line)).not.toContain(nameID);
    expect(Buffer.from(setCookie(back, SAML_COOKIE)!.split(".")[3] ?? "", "base64url").toString("latin1")).not.toContain(nameID);
  });

  it("logout → the IdP's SLO with a LogoutRequest naming that NameID and SessionIndex → its answer at /slo → /", async () => {
    const { cookies, nameID, sessionIndex } = await signIn();
    const logout = await browse(ctx, "/api/auth/sso/ent/logout", cookies);
    expect(logout.status).toBe(302);
    const to = new URL(logout.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${idp.base}/slo`);
    expect(to.searchParams.get("RelayState") ?? "").toBe("");
    const request = logoutRequestOf(to);
    expect(request).toMatchObject({ issuer: SP, nameID, sessionIndex, format: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient" });
    // The local session and the kept sign-in end before the IdP is reached.
    expect(cleared(logout, "planify_session")).toMatch(/Max-Age=0/i);
    expect(cleared(logout, SAML_COOKIE)).toMatch(/Max-Age=0/i);

    const { url } = await idp.answerLogout(to);
    expect(`${url.origin}${url.pathname}`).toBe("http://localhost/api/auth/sso/ent/slo");
    const from = logs.lines.length;
    const back = await browse(ctx, url.href);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/");
    expect(logged(from).join("\n")).toContain("info déconnexion SAML terminée fournisseur=ent");
  });

  it("an IdP without SingleLogoutService: logout goes to / directly", async () => {
    const { cookies } = await signIn("sans-slo");
    const logout = await browse(ctx, "/api/auth/sso/sans-slo/logout", cookies);
    expect(logout.headers.get("location")).toBe("/");
    expect(cleared(logout, "planify_session")).toMatch(/Max-Age=0/i);
  });

  it("no SAML sign-in kept in the browser (no cookie, or an altered one): / directly, local logout only", async () => {
    expect((await browse(ctx, "/api/auth/sso/ent/logout", "planify_session=abc")).headers.get("location")).toBe("/");
    const altered = await browse(ctx, "/api/auth/sso/ent/logout", `${SAML_COOKIE}=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..AAAA.BBBB.CCCC`);
    expect(altered.headers.get("location")).toBe("/");
  });

  it("a forged (another key) or garbled LogoutResponse still ends at /, the session stays closed, a warn line without the NameID", async () => {
    const { cookies, nameID } = await signIn();
    const logout = await browse(ctx, "/api/auth/sso/ent/logout", cookies);
    const { url: forged } = await idp.answerLogout(new URL(logout.headers.get("location")!), { otherKey: true });
    const from = logs.lines.length;
    for (const url of [forged.href, "/api/auth/sso/ent/slo?SAMLResponse=n%27importe%20quoi&SigAlg=x&Signature=y"]) {
      const res = await browse(ctx, url, cookies);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      expect(cleared(res, "planify_session")).toMatch(/Max-Age=0/i);
      expect(setCookie(res, "planify_session")).toBe("");
    }
    const lines = logged(from);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatch(/^warn déconnexion SAML refusée fournisseur=ent raison=/);
    expect(lines.join("\n")).not.toContain(nameID);
  });

  it("GET /slo without any SAML message: a French page (400), nothing cleared, the session still works", async () => {
    const { cookies, token, userId } = await signIn();
    const res = await browse(ctx, "/api/auth/sso/ent/slo", cookies);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("rien n'a été changé");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await apiStatus(token, userId)).toBe(200);
  });

  it("an IdP-initiated LogoutRequest ends the Planify sessions (the bearer token too: 401) and answers a LogoutResponse (Success)", async () => {
    const { cookies, nameID, sessionIndex, token, userId } = await signIn();
    expect(await apiStatus(token, userId)).toBe(200);
    const request = idp.logoutRequest(SP, nameID, sessionIndex, "retour-idp");
    expect(`${request.origin}${request.pathname}`).toBe("http://localhost/api/auth/sso/ent/slo");
    const res = await browse(ctx, request.href, cookies);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${idp.base}/slo`);
    expect(to.searchParams.get("RelayState")).toBe("retour-idp");
    const xml = samlResponseOf(to);
    expect(xml).toContain("urn:oasis:names:tc:SAML:2.0:status:Success");
    expect(xml).toContain(`InResponseTo="${logoutRequestOf(request).id}"`);
    expect(xml).toContain(SP);
    expect(cleared(res, "planify_session")).toMatch(/Max-Age=0/i);
    expect(cleared(res, SAML_COOKIE)).toMatch(/Max-Age=0/i);
    // The token the web app keeps in its storage stops working as well.
    expect(await apiStatus(token, userId)).toBe(401);
  });

  it("an IdP-initiated LogoutRequest for another subject leaves this browser signed in (UnknownPrincipal)", async () => {
    const { cookies, token, userId } = await signIn();
    const res = await browse(ctx, idp.logoutRequest(SP, "_t-quelqu-un-d-autre", "_s0").href, cookies);
    const xml = samlResponseOf(new URL(res.headers.get("location")!));
    expect(xml).toContain("urn:oasis:names:tc:SAML:2.0:status:UnknownPrincipal");
    expect(cleared(res, "planify_session")).toBe("");
    expect(await apiStatus(token, userId)).toBe(200);
  });

  it("an unsigned LogoutRequest is refused: /, the session untouched, a warn line", async () => {
    const { cookies, nameID, sessionIndex } = await signIn();
    const signed = idp.logoutRequest(SP, nameID, sessionIndex);
    signed.searchParams.delete("Signature");
    const from = logs.lines.length;
    const res = await browse(ctx, signed.href, cookies);
    expect(res.headers.get("location")).toBe("/");
    expect(cleared(res, "planify_session")).toBe("");
    expect(logged(from).join("\n")).toContain("raison=message non signé");
  });
});

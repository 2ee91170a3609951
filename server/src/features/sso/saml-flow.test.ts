import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { postAcs, samlAnswer } from "./test-saml";
import { startSamlIdp, type TestSamlIdp } from "./test-saml-idp";
import { browse, exchangeCode, setCookie, ssoRows, startCookies } from "./test-sso";

// The whole SAML 2.0 sign-in against a real IdP (samlify): start → AuthnRequest → the IdP's
// signed response posted to the ACS → one-time code exchange → an API call with the session.

let idp: TestSamlIdp;
let ctx: TestContext;

beforeAll(async () => {
  idp = await startSamlIdp({
    lea: { eduPersonPrincipalName: "Lea.Martin@univ-test.fr", mail: "lea@univ-test.fr", eduPersonAffiliation: "student" },
  });
  ctx = createTestApp({ sso: { providers: [idp.entry()] } });
  await ctx.user({ role: "eleve", username: "lea.martin" });
}, 60_000);
afterAll(async () => {
  ctx.close();
  await idp.close();
});

describe("ENT sign-in with SAML 2.0", () => {
  it("start sends the browser to the IdP's SSO service with an AuthnRequest for our ACS, kept server-side", async () => {
    const res = await browse(ctx, "/api/auth/sso/ent/start?next=/devoirs");
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${idp.base}/sso`);
    expect(to.searchParams.get("SAMLRequest")).toBeTruthy();
    const { authnRequestOf } = await import("./test-saml-idp");
    const request = authnRequestOf(to);
    expect(request.acs).toBe("http://localhost/api/auth/sso/ent/acs");
    expect(request.issuer).toBe("http://localhost/api/auth/sso/ent/metadata");
    // RelayState carries nothing the ACS relies on.
    expect(to.searchParams.get("RelayState") ?? "").toBe("");
  });

  it("ends signed in: the ACS (no cookie) goes to next with a one-time code, no session; the exchange in the starting browser makes it", async () => {
    const { acs, SAMLResponse, browserCookie } = await samlAnswer(ctx, idp, "lea", { next: "/devoirs?vue=semaine" });
    const back = await postAcs(ctx, acs, { SAMLResponse, RelayState: "" });
    expect(back.status).toBe(302);
    const location = back.headers.get("location")!;
    expect(location).toMatch(/^\/devoirs\?vue=semaine#connexion-ent=[\w-]{43}$/);
    // An attacker's auto-posted SAMLResponse must sign no victim in: no session at the ACS.
    expect(setCookie(back, "planify_session")).toBeUndefined();
    expect(await ssoRows(ctx)).toEqual({ identities: 1, codes: 1 });
    const code = location.split("#connexion-ent=")[1]!;
    const res = await exchangeCode(ctx, code, browserCookie);
    expect(res.status).toBe(200);
    expect(setCookie(res, "planify_session")).toBeTruthy();
    const body = (await res.json()) as { token: string; user: { id: string; username: string } };
    // eduPersonPrincipalName before its « @ », matched as usernames are (case).
    expect(body.user.username).toBe("lea.martin");
    const me = await ctx.request("GET", `/api/users/${body.user.id}`, { token: body.token });
    expect(me.status).toBe(200);
  });

  it("login CSRF: an attacker's SAMLResponse auto-posted from the victim's browser signs the victim in nowhere", async () => {
    // The attacker starts and signs in at the IdP in their own browser, then makes the victim's
    // browser post the answer (cross-site POST) and land on the code.
    const attacker = await samlAnswer(ctx, idp, "lea");
    const victim = startCookies(await browse(ctx, "/api/auth/sso/ent/start"));
    const back = await postAcs(ctx, attacker.acs, { SAMLResponse: attacker.SAMLResponse });
    expect(setCookie(back, "planify_session")).toBeUndefined();
    const code = back.headers.get("location")!.split("#connexion-ent=")[1]!;
    const res = await exchangeCode(ctx, code, victim);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "SSO_OTHER_BROWSER", message: expect.stringContaining("autre navigateur") });
    expect(setCookie(res, "planify_session")).toBeUndefined();
  });

  it("signs in again through the tied identity (the whole eppn is the subject)", async () => {
    const { acs, SAMLResponse } = await samlAnswer(ctx, idp, "lea");
    const back = await postAcs(ctx, acs, { SAMLResponse });
    expect(back.headers.get("location")).toMatch(/^\/devoirs#connexion-ent=/);
    expect((await ssoRows(ctx)).identities).toBe(1);
  });

  it("serves the SP metadata: entityID, the ACS (HTTP-POST), WantAssertionsSigned, as application/samlmetadata+xml", async () => {
    const res = await browse(ctx, "/api/auth/sso/ent/metadata");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/samlmetadata+xml");
    const xml = await res.text();
    expect(xml).toContain('entityID="http://localhost/api/auth/sso/ent/metadata"');
    expect(xml).toMatch(/AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"/);
    expect(xml).toContain('Location="http://localhost/api/auth/sso/ent/acs"');
    expect(xml).toContain('WantAssertionsSigned="true"');
  });

  it("logout ends the local session (an IdP without SingleLogoutService: back to /)", async () => {
    const res = await browse(ctx, "/api/auth/sso/ent/logout", "planify_session=abc");
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.getSetCookie().find((l) => l.startsWith("planify_session="))).toMatch(/Max-Age=0/i);
  });
});

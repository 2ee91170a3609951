import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { type TestProvider, startOidcProvider } from "./test-oidc-provider";
import { browse, exchangeCode, setCookie, ssoRows, startAndSignIn } from "./test-sso";

// The whole OpenID Connect sign-in against a real provider: start → the provider's login and
// consent pages → callback → one-time code exchange → an API call with the session.

let idp: TestProvider;
let ctx: TestContext;

beforeAll(async () => {
  idp = await startOidcProvider({
    "lea-sub": { preferred_username: "LEA.Martin", email: "lea@univ.fr" },
    "hugo-sub": { preferred_username: "hugo.leroy" },
    "ines-sub": { preferred_username: "ines.roux@univ-test.fr" },
  });
  ctx = createTestApp({ sso: { providers: [idp.entry()] } });
  await ctx.user({ role: "eleve", username: "lea.martin" });
  await ctx.user({ role: "eleve", username: "Hugo.Léroy" });
  await ctx.user({ role: "eleve", username: "ines.roux" });
});
afterAll(async () => {
  ctx.close();
  await idp.close();
});

/** The web app's exchange in the browser holding `cookie`. */
const exchange = (code: string, cookie: string) => exchangeCode(ctx, code, cookie);

describe("ENT sign-in with OpenID Connect", () => {
  it("start sends the browser to the provider with PKCE S256, state and nonce, and sets a Lax HttpOnly state cookie", async () => {
    const res = await browse(ctx, "/api/auth/sso/ent/start?next=/devoirs");
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    expect(to.searchParams.get("redirect_uri")).toBe("http://localhost/api/auth/sso/ent/callback");
    expect(to.searchParams.get("state")).toBeTruthy();
    expect(to.searchParams.get("nonce")).toBeTruthy();
    const line = res.headers.getSetCookie().find((l) => l.startsWith("planify_sso_state="))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    // The cookie is encrypted: neither the state nor the verifier can be read in it.
    expect(line).not.toContain(to.searchParams.get("state")!);
  });

  it("ends signed in: /devoirs with a one-time code, the session (cookie and answer) at the exchange, the API opens", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub", { next: "/devoirs?vue=semaine" });
    const back = await browse(ctx, callback.pathname + callback.search, stateCookie);
    expect(back.status).toBe(302);
    const location = back.headers.get("location")!;
    expect(location).toMatch(/^\/devoirs\?vue=semaine#connexion-ent=[\w-]{43}$/);
    // The session is made at the exchange only, in the browser that started (no login CSRF).
    expect(setCookie(back, "planify_session")).toBeUndefined();
    expect(await ssoRows(ctx)).toEqual({ identities: 1, codes: 1 });

    const code = location.split("#connexion-ent=")[1]!;
    const res = await exchange(code, stateCookie);
    expect(res.status).toBe(200);
    expect(setCookie(res, "planify_session")).toBeTruthy();
    const body = (await res.json()) as { token: string; user: { id: string; username: string }; message: string };
    expect(body.message).toBe("Connexion réussie");
    expect(body.user.username).toBe("lea.martin");
    const me = await ctx.request("GET", `/api/users/${body.user.id}`, { token: body.token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe("lea.martin");

    // Single use: the same code again is refused in French.
    const again = await exchange(code, stateCookie);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "SSO_CODE_INVALID", message: expect.stringContaining("expiré ou a déjà servi") });
  });

  it("start gives the browser a binding cookie (HttpOnly, Lax, ENT routes only) holding no readable part of the flow", async () => {
    const res = await browse(ctx, "/api/auth/sso/ent/start");
    const line = res.headers.getSetCookie().find((l) => l.startsWith("planify_sso_browser="))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\/api\/auth\/sso(;|$)/i);
  });

  it("login CSRF: the code is traded only in the browser that started the sign-in (French refusal, code spent)", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub");
    const back = await browse(ctx, callback.pathname + callback.search, stateCookie);
    const code = back.headers.get("location")!.split("#connexion-ent=")[1]!;
    // The victim's browser: no binding at all, then its own binding of another sign-in.
    const none = await exchange(code, "");
    expect(none.status).toBe(403);
    expect(await none.json()).toMatchObject({ code: "SSO_OTHER_BROWSER", message: expect.stringContaining("autre navigateur") });
    const other = await startAndSignIn(ctx, "lea-sub");
    const again = await browse(ctx, other.callback.pathname + other.callback.search, other.stateCookie);
    const code2 = again.headers.get("location")!.split("#connexion-ent=")[1]!;
    const foreign = await exchange(code2, stateCookie);
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe("SSO_OTHER_BROWSER");
    expect(setCookie(foreign, "planify_session")).toBeUndefined();
    // Spent: not even the right browser can use it afterwards.
    expect((await exchange(code2, other.stateCookie)).status).toBe(400);
  });

  it("signs in again through the tied identity", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub");
    const back = await browse(ctx, callback.pathname + callback.search, stateCookie);
    expect(back.headers.get("location")).toMatch(/^\/devoirs#connexion-ent=/);
    expect((await ssoRows(ctx)).identities).toBe(1);
  });

  it("matches a username without accents or case when one account fits (hugo.leroy → « Hugo.Léroy »)", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "hugo-sub");
    const back = await browse(ctx, callback.pathname + callback.search, stateCookie);
    const code = back.headers.get("location")!.split("#connexion-ent=")[1]!;
    const body = (await (await exchange(code, stateCookie)).json()) as { user: { username: string } };
    expect(body.user.username).toBe("Hugo.Léroy");
  });

  it("an address as username (Entra ID's preferred_username) finds the account named by its part before « @ »", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "ines-sub");
    const back = await browse(ctx, callback.pathname + callback.search, stateCookie);
    const code = back.headers.get("location")!.split("#connexion-ent=")[1]!;
    const body = (await (await exchange(code, stateCookie)).json()) as { user: { username: string } };
    expect(body.user.username).toBe("ines.roux");
  });

  it("refuses a one-time code older than 60 seconds", async () => {
    const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub");
    const back = await browse(ctx, callback.pathname + callback.search, stateCookie);
    const code = back.headers.get("location")!.split("#connexion-ent=")[1]!;
    ctx.clock.now += 61_000;
    const res = await exchange(code, stateCookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "SSO_CODE_INVALID" });
  });

  it("an open redirect in next is refused: the browser lands on /devoirs", async () => {
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const { callback, stateCookie } = await startAndSignIn(ctx, "lea-sub", { next });
      const back = await browse(ctx, callback.pathname + callback.search, stateCookie);
      expect(back.headers.get("location"), next).toMatch(/^\/devoirs#connexion-ent=/);
    }
  });

  it("logout ends the local session and sends the browser to the provider's end_session_endpoint", async () => {
    const res = await browse(ctx, "/api/auth/sso/ent/logout", "planify_session=abc");
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get("post_logout_redirect_uri")).toBe("http://localhost/");
    expect(res.headers.getSetCookie().find((l) => l.startsWith("planify_session="))).toMatch(/Max-Age=0/i);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { arrive, startAndSignInCas, startCas } from "./cas-test-walk";
import { startCasServer, type TestCas } from "./test-cas-server";
import { browse, exchangeCode, setCookie, ssoRows } from "./test-sso";

// The whole CAS 3.0 sign-in against a CAS server written from the protocol specification (no
// real CAS can run here, see test-cas-server.ts): start → the CAS login form → callback with
// the service ticket → /p3/serviceValidate → one-time code exchange → an API call.

let cas: TestCas;
let ctx: TestContext;
const SERVICE = "http://localhost/api/auth/sso/ent/callback";

beforeAll(async () => {
  cas = await startCasServer({
    "LEA.Martin": { attributes: { mail: "lea@univ.fr", eduPersonAffiliation: ["student", "member"] } },
    e20231234: { attributes: { uid: "hugo.leroy", eduPersonAffiliation: "student" } },
  });
  ctx = createTestApp({ sso: { providers: [cas.entry(), cas.entry({ id: "ent-uid", usernameClaim: "uid" })] } });
  await ctx.user({ role: "eleve", username: "lea.martin" });
  await ctx.user({ role: "eleve", username: "Hugo.Léroy" });
});
afterAll(async () => {
  ctx.close();
  await cas.close();
});

const exchange = (code: string, cookie: string) => exchangeCode(ctx, code, cookie);
const codeOf = (res: Response) => res.headers.get("location")!.split("#connexion-ent=")[1]!;

describe("ENT sign-in with CAS 3.0", () => {
  it("is listed for the login popup with its kind", async () => {
    const list = (await (await ctx.request("GET", "/api/auth/providers")).json()) as { providers: unknown[] };
    expect(list.providers).toContainEqual({ id: "ent", kind: "cas", label: "Connexion ENT Université de Test (CAS)" });
  });

  it("start sends the browser to the CAS /login with the callback as service, and sets a Lax HttpOnly state cookie", async () => {
    const res = await browse(ctx, "/api/auth/sso/ent/start?next=/devoirs");
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${cas.url}/login`);
    expect([...to.searchParams.keys()]).toEqual(["service"]);
    expect(to.searchParams.get("service")).toBe(SERVICE);
    const line = res.headers.getSetCookie().find((l) => l.startsWith("planify_sso_state="))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
  });

  it("ends signed in on next, after validating the ticket at /p3/serviceValidate with exactly the same service", async () => {
    const { callback, stateCookie } = await startAndSignInCas(ctx, "LEA.Martin", { next: "/devoirs?vue=semaine" });
    expect(`${callback.origin}${callback.pathname}`).toBe(SERVICE);
    const ticket = callback.searchParams.get("ticket")!;
    expect(ticket).toMatch(/^ST-/);
    const back = await arrive(ctx, callback, stateCookie);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toMatch(/^\/devoirs\?vue=semaine#connexion-ent=[\w-]{43}$/);
    // The session is made at the exchange, in the browser that started.
    expect(setCookie(back, "planify_session")).toBeUndefined();
    expect(await ssoRows(ctx)).toEqual({ identities: 1, codes: 1 });
    const validation = cas.requests.filter((r) => r.startsWith("GET /cas/p3/serviceValidate"));
    expect(validation).toHaveLength(1);
    const asked = new URL(validation[0]!.slice(4), cas.url).searchParams;
    expect(asked.get("service")).toBe(SERVICE);
    expect(asked.get("ticket")).toBe(ticket);

    const res = await exchange(codeOf(back), stateCookie);
    expect(res.status).toBe(200);
    expect(setCookie(res, "planify_session")).toBeTruthy();
    const body = (await res.json()) as { token: string; user: { id: string; username: string }; message: string };
    expect(body.message).toBe("Connexion réussie");
    expect(body.user.username).toBe("lea.martin");
    const me = await ctx.request("GET", `/api/users/${body.user.id}`, { token: body.token });
    expect(((await me.json()) as { username: string }).username).toBe("lea.martin");
  });

  it("signs in again through the tied identity (the <cas:user> value)", async () => {
    const { callback, stateCookie } = await startAndSignInCas(ctx, "LEA.Martin");
    const back = await arrive(ctx, callback, stateCookie);
    expect(back.headers.get("location")).toMatch(/^\/devoirs#connexion-ent=/);
    expect((await ssoRows(ctx)).identities).toBe(1);
  });

  it("takes the username from a named attribute (usernameClaim « uid »), matched without accents or case", async () => {
    const { callback, stateCookie } = await startAndSignInCas(ctx, "e20231234", { provider: "ent-uid" });
    expect(callback.pathname).toBe("/api/auth/sso/ent-uid/callback");
    const back = await arrive(ctx, callback, stateCookie);
    const body = (await (await exchange(codeOf(back), stateCookie)).json()) as { user: { username: string } };
    expect(body.user.username).toBe("Hugo.Léroy");
  });

  it("the CAS login page refuses a wrong password (no ticket issued)", async () => {
    const { login } = await startCas(ctx);
    const res = await fetch(new URL("login", login), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ service: SERVICE, username: "LEA.Martin", password: "faux" }).toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Identifiant ou mot de passe incorrect.");
  });

  it("logout ends the local session and sends the browser to the CAS /logout?service=, which comes back to Planify", async () => {
    const res = await browse(ctx, "/api/auth/sso/ent/logout", "planify_session=abc");
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${cas.url}/logout`);
    expect(to.searchParams.get("service")).toBe("http://localhost/");
    expect(res.headers.getSetCookie().find((l) => l.startsWith("planify_session="))).toMatch(/Max-Age=0/i);
    const atCas = await fetch(to, { redirect: "manual" });
    expect(atCas.status).toBe(302);
    expect(atCas.headers.get("location")).toBe("http://localhost/");
  });

  it("logout closes the ENT session itself: its token stops working at once (« Mes appareils » loses it)", async () => {
    const { callback, stateCookie } = await startAndSignInCas(ctx, "LEA.Martin");
    const signedIn = await exchange(codeOf(await arrive(ctx, callback, stateCookie)), stateCookie);
    const { token, user } = (await signedIn.json()) as { token: string; user: { id: string } };
    const session = setCookie(signedIn, "planify_session")!;
    expect((await ctx.request("GET", `/api/users/${user.id}`, { token })).status).toBe(200);
    expect((await browse(ctx, "/api/auth/sso/ent/logout", `planify_session=${session}`)).status).toBe(302);
    expect((await ctx.request("GET", `/api/users/${user.id}`, { token })).status).toBe(401);
  });
});

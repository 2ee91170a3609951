import { first } from "../../db/engine";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, like } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SSO_FAILURES } from "@planify/common/constants/sso";
import { adminJournal, users } from "../../db/schema";
import { createTestApp, logRecorder, type TestContext } from "../../../test/helpers";
import { browse, failureOf, ssoRows, startCookies } from "./test-sso";

// The ID token checks openid-client makes (issuer, audience, expiry, signature, algorithm),
// each against a forged token: a small OpenID provider on port 0 serves a discovery document,
// its JWKS and a token endpoint whose ID token is built with jose as the test asks (the mode
// travels in the authorization code). Each refusal ends on the French page, creates nothing
// (policy « provision »: a good token would create the account) and writes the journal line.
// The same provider, under other paths, answers the discovery with an HTTP error or non-JSON.

const CLIENT = "planify";
const SECRET = "secret-du-client-planify-pour-les-tests-oidc";
let ctx: TestContext;
let server: Server;
let base = "";
const logs = logRecorder();

type Mode = "bon" | "autre-emetteur" | "autre-audience" | "expire" | "mauvaise-signature" | "alg-none" | "hs256" | "jwks-500";

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const intruder = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "cle-1", alg: "RS256", use: "sig" };

  /** The ID token of `mode` for the provider at `issuer`, answering the request whose nonce is `nonce`. */
  async function idToken(issuer: string, mode: Mode, nonce: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims = { nonce, preferred_username: "nina.petit", eduPersonAffiliation: ["student"] };
    const jwt = () =>
      new SignJWT(claims)
        .setSubject("nina-sub")
        .setIssuer(mode === "autre-emetteur" ? "https://autre-ent.example" : issuer)
        .setAudience(mode === "autre-audience" ? "un-autre-client" : CLIENT)
        .setIssuedAt(mode === "expire" ? now - 7200 : now)
        .setExpirationTime(mode === "expire" ? now - 3600 : now + 300);
    if (mode === "alg-none")
      return new UnsecuredJWT(claims)
        .setSubject("nina-sub")
        .setIssuer(issuer)
        .setAudience(CLIENT)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .encode();
    // HS256 keyed with the client secret: what a provider could be tricked into, never what an RS256 one signs.
    if (mode === "hs256") return jwt().setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(SECRET));
    return jwt()
      .setProtectedHeader({ alg: "RS256", kid: "cle-1" })
      .sign(mode === "mauvaise-signature" ? intruder.privateKey : privateKey);
  }

  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    const [, op = "", ...rest] = url.pathname.split("/");
    const path = `/${rest.join("/")}`;
    const issuer = `${base}/${op}`;
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (path === "/.well-known/openid-configuration") {
      if (op === "erreur-500") return void res.writeHead(500).end("Internal Server Error");
      if (op === "erreur-503") return void res.writeHead(503).end("Service Unavailable");
      if (op === "pas-json") return void res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>Maintenance</p>");
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (path === "/jwks") return op === "jwks-500" ? void res.writeHead(500).end() : json(200, { keys: [jwk] });
    if (path === "/token" && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const { mode, nonce } = JSON.parse(Buffer.from(new URLSearchParams(body).get("code") ?? "", "base64url").toString("utf8"));
      if (mode === "token-500") return void res.writeHead(500).end("Internal Server Error");
      return json(200, {
        access_token: "jeton-d-acces",
        token_type: "Bearer",
        expires_in: 300,
        id_token: await idToken(issuer, mode, nonce),
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = (id: string) => ({
    id,
    kind: "oidc" as const,
    label: "Connexion ENT forgée",
    enabled: true,
    issuer: `${base}/${id}`,
    clientId: CLIENT,
    clientSecret: SECRET,
    scopes: ["openid", "profile"],
    usernameClaim: "preferred_username",
    roles: { claim: "eduPersonAffiliation", values: { student: "eleve" as const } },
    policy: "provision" as const,
  });
  ctx = createTestApp({
    log: logs.log,
    sso: { timeoutSeconds: 1, providers: ["ent", "jwks-500", "erreur-500", "erreur-503", "pas-json"].map(provider) },
  });
});
afterAll(() => {
  ctx.close();
  server.closeAllConnections();
  server.close();
});

const userCount = async () => (await first(ctx.deps.db.select({ n: count() }).from(users)))!.n;
const journaled = async (code: keyof typeof SSO_FAILURES) =>
  (await first(
    ctx.deps.db
      .select({ n: count() })
      .from(adminJournal)
      .where(like(adminJournal.summary, `%${SSO_FAILURES[code]}`)),
  ))!.n;

/** Start at Planify, then come back to the callback with a code the token endpoint turns into a `mode` ID token. */
async function signIn(mode: Mode | "token-500", provider = "ent") {
  // Past the journal's one-line-per-minute window for the same provider, reason and address.
  ctx.clock.now += 61_000;
  const start = await browse(ctx, `/api/auth/sso/${provider}/start`);
  const to = new URL(start.headers.get("location")!);
  const code = Buffer.from(JSON.stringify({ mode, nonce: to.searchParams.get("nonce") })).toString("base64url");
  return browse(ctx, `/api/auth/sso/${provider}/callback?code=${code}&state=${to.searchParams.get("state")}`, startCookies(start));
}

/** `act` ends on the error page with `code`, nothing is written, the journal has one more line and the log names the reason. */
async function refused(act: () => Promise<Response>, code: keyof typeof SSO_FAILURES) {
  const before = { users: await userCount(), ...(await ssoRows(ctx)), journal: await journaled(code) };
  const lines = logs.lines.length;
  const res = await act();
  expect(res.status).toBe(302);
  expect(failureOf(res)).toBe(code);
  expect({ users: await userCount(), ...(await ssoRows(ctx)), journal: await journaled(code) }).toEqual({
    ...before,
    journal: before.journal + 1,
  });
  const logged = logs.lines.slice(lines).map((l) => `${l.message} ${JSON.stringify(l.extra ?? {})}`);
  expect(logged.some((l) => l.includes(`raison=${code}`))).toBe(true);
  return logged.join("\n");
}

describe("OIDC ID token checks against forged tokens", () => {
  it.each([
    ["another issuer", "autre-emetteur", /\(issuer\) claim/],
    ["another audience", "autre-audience", /\(audience\) claim/],
    ["expired an hour ago", "expire", /\(expiration time\) claim/],
    // Checked only since the non-repudiation checks are on (openid-client skips it by default).
    ["signed by another key than the JWKS's", "mauvaise-signature", /JWT signature verification failed/],
    ["unsigned (alg none)", "alg-none", /alg\W+header parameter/],
    ["HS256 keyed with the client secret while the provider signs RS256", "hs256", /alg\W+header parameter/],
  ] as const)("an ID token %s → JETON_INVALIDE, nothing created, journaled", async (_, mode, why) => {
    const logged = await refused(() => signIn(mode), "JETON_INVALIDE");
    expect(logged).toMatch(why);
    expect(logged).not.toContain(SECRET);
  });

  it("the same provider's good token creates the account (the refusals above are the token's, not the setup's)", async () => {
    const res = await signIn("bon");
    expect(res.headers.get("location")).toMatch(/^\/devoirs#connexion-ent=/);
    expect((await first(ctx.deps.db.select({ n: count() }).from(users).where(like(users.username, "nina.petit"))))!.n).toBe(1);
  });

  it("a token endpoint answering HTTP 500 → REPONSE_ENT_INVALIDE, not « injoignable »", async () => {
    await refused(() => signIn("token-500"), "REPONSE_ENT_INVALIDE");
  });

  it("a JWKS answering HTTP 500 → REPONSE_ENT_INVALIDE", async () => {
    await refused(() => signIn("bon", "jwks-500"), "REPONSE_ENT_INVALIDE");
  });

  it.each([
    ["erreur-500", "REPONSE_ENT_INVALIDE"],
    ["pas-json", "REPONSE_ENT_INVALIDE"],
    ["erreur-503", "ENT_INJOIGNABLE"],
  ] as const)("a discovery answering « %s » → %s", async (provider, code) => {
    ctx.clock.now += 61_000;
    await refused(() => browse(ctx, `/api/auth/sso/${provider}/start`), code);
  });
});

import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, logRecorder, type TestContext } from "../../../test/helpers";
import { arrive, startAndSignInCas, startCas } from "./cas-test-walk";
import { startCasServer, type TestCas, TICKET_TTL_MS, throughCas } from "./test-cas-server";
import { failureOf, ssoRows } from "./test-sso";

// Every refusal of a CAS sign-in: the browser goes to /connexion-ent?erreur=<CODE>, no identity
// or code is stored, no session cookie is set, and the log names the reason without the ticket.
// The CAS is the test server written from the protocol specification; the broken answers
// (invalid XML, a success without cas:user, an internal error) come from a CAS stand-in that
// answers fixed bodies, and a hanging or closed port stands for an unreachable CAS.

let cas: TestCas;
let ctx: TestContext;
const logs = logRecorder();
let fixed: Server;
let hanging: TcpServer;

/** What the stand-in answers at <mode>/p3/serviceValidate. */
const FIXED: Record<string, { status: number; body: string }> = {
  "xml-casse": { status: 200, body: `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess>` },
  "pas-du-xml": { status: 200, body: "<!doctype html><p>Maintenance</p>" },
  "sans-user": {
    status: 200,
    body: `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:attributes><cas:uid>lea.martin</cas:uid></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`,
  },
  vide: { status: 200, body: `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"/>` },
  "erreur-interne": {
    status: 200,
    body: `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INTERNAL_ERROR">boom</cas:authenticationFailure></cas:serviceResponse>`,
  },
  "http-503": { status: 503, body: "Service Unavailable" },
  "http-500": { status: 500, body: "Internal Server Error" },
  "trop-grand": { status: 200, body: `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">${" ".repeat(2 * 1024 * 1024)}` },
};

const port = (server: Server | TcpServer) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  cas = await startCasServer({
    "lea.martin": { attributes: { uid: "lea.martin" } },
    "LEA.MARTIN": { attributes: { uid: "lea.martin" } },
    "inconnu.total": {},
  });
  fixed = createServer((req, res) => {
    const mode = new URL(req.url ?? "/", "http://x").pathname.split("/")[1] ?? "";
    const answer = FIXED[mode] ?? { status: 404, body: "" };
    res.writeHead(answer.status, { "content-type": "application/xml" });
    res.end(answer.body);
  });
  await new Promise<void>((done) => fixed.listen(0, "127.0.0.1", done));
  hanging = createTcpServer(() => {
    // Accepts the connection and never answers: a CAS that hangs.
  });
  await new Promise<void>((done) => hanging.listen(0, "127.0.0.1", done));
  ctx = createTestApp({
    log: logs.log,
    sso: {
      timeoutSeconds: 1,
      providers: [
        cas.entry(),
        cas.entry({ id: "eteint", casUrl: "http://127.0.0.1:9/cas" }),
        cas.entry({ id: "bloque", casUrl: `http://127.0.0.1:${port(hanging)}/cas` }),
        ...Object.keys(FIXED).map((mode) => cas.entry({ id: mode, casUrl: `http://127.0.0.1:${port(fixed)}/${mode}` })),
      ],
    },
  });
  await ctx.user({ role: "eleve", username: "lea.martin" });
});
afterAll(async () => {
  ctx.close();
  fixed.close();
  hanging.close();
  await cas.close();
});

/** Runs `act`, then checks the error page's code, that nothing was stored, and the log line. */
async function refused(act: () => Promise<Response>, code: string) {
  const before = await ssoRows(ctx);
  const lines = logs.lines.length;
  const res = await act();
  expect(res.status).toBe(302);
  expect(failureOf(res)).toBe(code);
  expect(res.headers.getSetCookie().some((l) => l.startsWith("planify_session=") && !/Max-Age=0/i.test(l))).toBe(false);
  expect(await ssoRows(ctx)).toEqual(before);
  const logged = logs.lines.slice(lines).map((l) => `${l.message} ${JSON.stringify(l.extra ?? {})}`);
  expect(logged.some((l) => l.includes(`raison=${code}`))).toBe(true);
  return logged.join("\n");
}

/** A callback of `provider` carrying a made-up ticket, with the state cookie of a start there. */
async function callbackWithTicket(provider: string) {
  const { stateCookie } = await startCas(ctx, { provider });
  return arrive(ctx, new URL(`http://localhost/api/auth/sso/${provider}/callback?ticket=ST-invente`), stateCookie);
}

describe("CAS sign-in refusals", () => {
  it("a callback without the state cookie → ETAT_INVALIDE, and the ticket is not even validated", async () => {
    const { callback } = await startAndSignInCas(ctx, "lea.martin");
    const asked = cas.requests.length;
    await refused(() => arrive(ctx, callback), "ETAT_INVALIDE");
    expect(cas.requests.slice(asked)).toEqual([]);
  });

  it("a callback without a ticket → TICKET_REFUSE, with its French text", async () => {
    const { stateCookie } = await startCas(ctx);
    await refused(() => arrive(ctx, new URL("http://localhost/api/auth/sso/ent/callback"), stateCookie), "TICKET_REFUSE");
    const { SSO_FAILURES } = await import("@planify/common/constants/sso");
    expect(SSO_FAILURES.TICKET_REFUSE).toBe("Le ticket de l'ENT a expiré ou a déjà servi. Recommence la connexion depuis Planify.");
  });

  it("a replayed ticket (same callback, same cookie) → TICKET_REFUSE (INVALID_TICKET), the ticket never logged", async () => {
    const { callback, stateCookie } = await startAndSignInCas(ctx, "lea.martin");
    const first = await arrive(ctx, callback, stateCookie);
    expect(first.headers.get("location")).toMatch(/#connexion-ent=/);
    const logged = await refused(() => arrive(ctx, callback, stateCookie), "TICKET_REFUSE");
    expect(logged).toContain("INVALID_TICKET");
    expect(logged).not.toContain(callback.searchParams.get("ticket")!);
  });

  it("a ticket older than its validity at the CAS → TICKET_REFUSE", async () => {
    const { callback, stateCookie } = await startAndSignInCas(ctx, "lea.martin");
    cas.clock.offsetMs += TICKET_TTL_MS + 1_000;
    try {
      const logged = await refused(() => arrive(ctx, callback, stateCookie), "TICKET_REFUSE");
      expect(logged).toContain("INVALID_TICKET");
    } finally {
      cas.clock.offsetMs = 0;
    }
  });

  it("a ticket issued for another service → TICKET_REFUSE (INVALID_SERVICE: the service is matched exactly)", async () => {
    const { login, stateCookie } = await startCas(ctx);
    const other = new URL(login);
    other.searchParams.set("service", "http://localhost/api/auth/sso/ent/callback?autre=1");
    const callback = await throughCas(other.href, "lea.martin");
    expect(callback.searchParams.get("autre")).toBe("1");
    const logged = await refused(() => arrive(ctx, callback, stateCookie), "TICKET_REFUSE");
    expect(logged).toContain("INVALID_SERVICE");
  });

  it("no account under « comptes existants uniquement » → COMPTE_INTROUVABLE", async () => {
    const { callback, stateCookie } = await startAndSignInCas(ctx, "inconnu.total");
    await refused(() => arrive(ctx, callback, stateCookie), "COMPTE_INTROUVABLE");
  });

  it("a second CAS identity for an account already tied → IDENTITE_DEJA_LIEE", async () => {
    // "lea.martin" was tied to the account by the tests above; "LEA.MARTIN" names the same account.
    expect((await ssoRows(ctx)).identities).toBe(1);
    const { callback, stateCookie } = await startAndSignInCas(ctx, "LEA.MARTIN");
    await refused(() => arrive(ctx, callback, stateCookie), "IDENTITE_DEJA_LIEE");
  });

  it("a CAS that refuses connections → ENT_INJOIGNABLE", async () => {
    await refused(() => callbackWithTicket("eteint"), "ENT_INJOIGNABLE");
  });

  it("a CAS that never answers → ENT_INJOIGNABLE after the timeout", async () => {
    const t0 = Date.now();
    await refused(() => callbackWithTicket("bloque"), "ENT_INJOIGNABLE");
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it.each([
    ["xml-casse", "JETON_INVALIDE"],
    ["pas-du-xml", "JETON_INVALIDE"],
    ["sans-user", "JETON_INVALIDE"],
    ["vide", "JETON_INVALIDE"],
    ["erreur-interne", "ENT_INJOIGNABLE"],
    ["http-503", "ENT_INJOIGNABLE"],
    // Only a network failure or a gateway's 502/503/504 is « injoignable »: the CAS answered.
    ["http-500", "REPONSE_ENT_INVALIDE"],
    ["trop-grand", "REPONSE_ENT_INVALIDE"],
  ])("a CAS answering « %s » → %s", async (mode, code) => {
    await refused(() => callbackWithTicket(mode), code);
  });

  it.each([
    ["longer than the specification's 256 characters", `ST-${"a".repeat(300)}`],
    ["with characters a CAS never puts in a ticket", "ST-1-<script>alert(1)</script>"],
    ["with a space", "ST-1 abc"],
  ])("a ticket %s → TICKET_REFUSE on the French page (never a JSON 400), never validated", async (_, ticket) => {
    const { stateCookie } = await startCas(ctx);
    const asked = cas.requests.length;
    const url = new URL("http://localhost/api/auth/sso/ent/callback");
    url.searchParams.set("ticket", ticket);
    await refused(() => arrive(ctx, url, stateCookie), "TICKET_REFUSE");
    expect(cas.requests.slice(asked)).toEqual([]);
  });

  it("two tickets in the callback → the French page, never a JSON 400", async () => {
    const { stateCookie } = await startCas(ctx);
    const res = await arrive(ctx, new URL("http://localhost/api/auth/sso/ent/callback?ticket=ST-1-a&ticket=ST-2-b"), stateCookie);
    expect(res.status).toBe(302);
    expect(failureOf(res)).not.toBeNull();
  });
});

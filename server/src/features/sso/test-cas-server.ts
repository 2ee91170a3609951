import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { CasProvider } from "./types";

// A CAS 3.0 server for the tests, WRITTEN FROM THE PROTOCOL SPECIFICATION (Apereo « CAS Protocol
// 3.0 Specification »): no real CAS server (Apereo CAS, esup) can run here, it is a Java web
// application. It does what the specification asks of the parts Planify uses:
// - GET /login?service=… shows a login form; POST /login checks the account and sends the
//   browser to service?ticket=ST-… (a random service ticket, bound to that service, single use,
//   valid TICKET_TTL_MS);
// - GET /p3/serviceValidate?service=…&ticket=… answers the specification's XML:
//   cas:authenticationSuccess with cas:user and cas:attributes (a multi-valued attribute is the
//   element repeated), or cas:authenticationFailure code="INVALID_REQUEST | INVALID_TICKET |
//   INVALID_SERVICE"; a ticket is spent by any validation attempt, even a failed one;
// - GET /logout?service=… ends the CAS session and sends the browser to service.
// Standalone, for a Chromium e2e:
//   bun server/src/features/sso/test-cas-server.ts --port 5701 --accounts comptes.json
// prints its address; comptes.json maps a login to { "password": "…", "attributes": { … } }.

/** How long a service ticket may wait for its validation (the specification recommends at most 5 minutes; Apereo CAS uses 10 s). */
export const TICKET_TTL_MS = 10_000;
/** The app under test answers at http://localhost (createTestApp), so this is its callback's origin. */
export const APP_ORIGIN = "http://localhost";

/** The password of an account that names none. */
export const CAS_TEST_PASSWORD = "mot-de-passe-du-cas";

/** An account of the test CAS: its password (CAS_TEST_PASSWORD by default) and the attributes it releases (a list = a repeated element). */
export interface CasAccount {
  password?: string;
  attributes?: Record<string, string | string[]>;
}

export interface TestCas {
  /** The CAS server's address (what Planify's casUrl names), e.g. http://127.0.0.1:40123/cas. */
  url: string;
  /** Planify's provider entry for this CAS (id "ent", policy "existing"). */
  entry(overrides?: Partial<CasProvider>): CasProvider;
  /** Added to the test CAS's clock (ms): move it on to let tickets expire. */
  clock: { offsetMs: number };
  /** Every request it received, method and path with query (for checks on what Planify asked). */
  requests: string[];
  close(): Promise<void>;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The specification's validation answer (section 2.5.7 and appendix A of CAS 3.0). */
function serviceResponse(inner: string): string {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${inner}\n</cas:serviceResponse>\n`;
}

function successXml(user: string, attributes: Record<string, string | string[]>): string {
  const lines = Object.entries(attributes).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `      <cas:${name}>${escapeXml(v)}</cas:${name}>`),
  );
  return serviceResponse(
    `  <cas:authenticationSuccess>\n    <cas:user>${escapeXml(user)}</cas:user>\n    <cas:attributes>\n${lines.join("\n")}\n    </cas:attributes>\n  </cas:authenticationSuccess>`,
  );
}

const failureXml = (code: string, text: string) =>
  serviceResponse(`  <cas:authenticationFailure code="${code}">${escapeXml(text)}</cas:authenticationFailure>`);

function loginPage(service: string, error = ""): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Service central d'authentification (test)</title></head>
<body><main>
<h1>Service central d'authentification</h1>
<p>Serveur CAS 3.0 de test, écrit d'après la spécification du protocole.</p>
${error ? `<p role="alert">${escapeXml(error)}</p>` : ""}
<form method="post" action="login">
  <input type="hidden" name="service" value="${escapeXml(service)}">
  <label>Identifiant <input name="username" autocomplete="username"></label>
  <label>Mot de passe <input name="password" type="password" autocomplete="current-password"></label>
  <button type="submit">Se connecter</button>
</form>
</main></body></html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** `service` with the ticket added as the specification says (its own query kept). */
function withTicket(service: string, ticket: string): string {
  const url = new URL(service);
  url.searchParams.append("ticket", ticket);
  return url.href;
}

/** Starts the CAS on 127.0.0.1 (port 0: a free one), under the path /cas as esup deploys it. */
export async function startCasServer(accounts: Record<string, CasAccount>, opts: { port?: number } = {}): Promise<TestCas> {
  const clock = { offsetMs: 0 };
  const now = () => Date.now() + clock.offsetMs;
  const requests: string[] = [];
  const tickets = new Map<string, { service: string; user: string; expiresAt: number }>();

  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { "content-type": `${type}; charset=utf-8`, "cache-control": "no-store" });
    res.end(body);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(302, { location, "cache-control": "no-store" });
    res.end();
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://cas.invalid");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const service = url.searchParams.get("service") ?? "";
    if (url.pathname === "/cas/login" && req.method === "GET") return send(res, 200, "text/html", loginPage(service));
    if (url.pathname === "/cas/login" && req.method === "POST") {
      const form = await formOf(req);
      const user = form.get("username") ?? "";
      const target = form.get("service") ?? "";
      const account = Object.hasOwn(accounts, user) ? accounts[user] : undefined;
      if (!account || (account.password ?? CAS_TEST_PASSWORD) !== form.get("password"))
        return send(res, 401, "text/html", loginPage(target, "Identifiant ou mot de passe incorrect."));
      if (!target) return send(res, 200, "text/html", "<p>Connexion réussie.</p>");
      const ticket = `ST-${randomBytes(24).toString("base64url")}`;
      tickets.set(ticket, { service: target, user, expiresAt: now() + TICKET_TTL_MS });
      return redirect(res, withTicket(target, ticket));
    }
    if (url.pathname === "/cas/p3/serviceValidate" && req.method === "GET") {
      const ticket = url.searchParams.get("ticket");
      if (!ticket || !service) return send(res, 200, "application/xml", failureXml("INVALID_REQUEST", "service et ticket sont requis"));
      const issued = tickets.get(ticket);
      // Any validation attempt spends the ticket (CAS 3.0 §3.1.1: single use, even on failure).
      tickets.delete(ticket);
      if (!issued || issued.expiresAt <= now())
        return send(res, 200, "application/xml", failureXml("INVALID_TICKET", `Ticket ${ticket} not recognized`));
      if (issued.service !== service)
        return send(res, 200, "application/xml", failureXml("INVALID_SERVICE", `Ticket ${ticket} does not match supplied service`));
      return send(res, 200, "application/xml", successXml(issued.user, accounts[issued.user]?.attributes ?? {}));
    }
    if (url.pathname === "/cas/logout" && req.method === "GET") {
      if (service) return redirect(res, service);
      return send(res, 200, "text/html", "<p>Vous êtes déconnecté du service central d'authentification.</p>");
    }
    return send(res, 404, "text/plain", "introuvable");
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, "text/plain", String(error)));
  });
  await new Promise<void>((done) => server.listen(opts.port ?? 0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`;
  return {
    url,
    clock,
    requests,
    entry: (overrides = {}) => ({
      id: "ent",
      kind: "cas",
      label: "Connexion ENT Université de Test (CAS)",
      enabled: true,
      casUrl: url,
      usernameClaim: "user",
      roles: null,
      policy: "existing",
      ...overrides,
    }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * A browser at the CAS: opens the login page Planify sent it to, submits the form as `login`
 * (with `password`, CAS_TEST_PASSWORD by default), and returns the address the CAS sends the
 * browser back to at Planify (service?ticket=ST-…).
 */
export async function throughCas(loginUrl: string, login: string, password = CAS_TEST_PASSWORD): Promise<URL> {
  const page = await fetch(loginUrl);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('name="username"')) throw new Error(`no login form at the CAS: ${html.slice(0, 200)}`);
  const service = new URL(loginUrl).searchParams.get("service") ?? "";
  const res = await fetch(new URL("login", loginUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ service, username: login, password }).toString(),
    redirect: "manual",
  });
  await res.body?.cancel();
  if (res.status !== 302) throw new Error(`the CAS answered ${res.status} to the login of ${login}`);
  return new URL(res.headers.get("location")!);
}

// Standalone: --port N (default 0) --accounts <json file>.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const file = arg("--accounts");
  const accounts = file ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, CasAccount>) : {};
  const cas = await startCasServer(accounts, { port: Number(arg("--port") ?? 0) });
  console.log(cas.url);
}

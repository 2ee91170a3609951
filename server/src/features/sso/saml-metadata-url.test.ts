import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, logRecorder, type TestContext } from "../../../test/helpers";
import { checkProvider } from "./check";
import { IDP_METADATA_MAX_BYTES } from "./saml-metadata";
import { startSamlIdp, type TestSamlIdp } from "./test-saml-idp";
import { browse, failureOf } from "./test-sso";

// IdP metadata given by address (idpMetadataUrl): read within the provider timeout (the body
// included) and at most 256 KB, as a stream cut past the bound; only a network failure is
// ENT_INJOIGNABLE, an HTTP error or a document that is not metadata is REPONSE_ENT_INVALIDE.
// The faulty addresses are served by a local HTTP server on port 0.

let idp: TestSamlIdp;
let ctx: TestContext;
let server: Server;
let base = "";
const logs = logRecorder();
const MB = 1024 * 1024;

/** Writes `chunk` every `everyMs` until the client goes away. */
function drip(res: import("node:http").ServerResponse, chunk: string, everyMs: number) {
  res.writeHead(200, { "content-type": "application/samlmetadata+xml" });
  res.write("<md:EntityDescriptor ");
  const timer = setInterval(() => res.write(chunk), everyMs);
  res.on("close", () => clearInterval(timer));
}

beforeAll(async () => {
  idp = await startSamlIdp({});
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/gros-annonce") {
      // 2 MB, said in Content-Length.
      res.writeHead(200, { "content-type": "application/samlmetadata+xml", "content-length": String(2 * MB) });
      res.end(Buffer.alloc(2 * MB, " "));
    } else if (path === "/gros") {
      // 2 MB in chunks, no length announced.
      res.writeHead(200, { "content-type": "application/samlmetadata+xml" });
      for (let i = 0; i < 32; i++) res.write(Buffer.alloc(64 * 1024, " "));
      res.end();
    } else if (path === "/sans-fin") drip(res, " ".repeat(64 * 1024), 1);
    else if (path === "/goutte") drip(res, " ", 100);
    else if (path === "/erreur-500") res.writeHead(500).end("Internal Server Error");
    else if (path === "/erreur-503") res.writeHead(503).end("Service Unavailable");
    else if (path === "/pas-xml") res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>Maintenance</p>");
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const at = (id: string, url: string) => idp.entry({ id, idpMetadata: null, idpMetadataUrl: url });
  ctx = createTestApp({
    log: logs.log,
    sso: {
      timeoutSeconds: 1,
      providers: [
        at("bonne", `${idp.base}/metadata`),
        ...["gros-annonce", "gros", "sans-fin", "goutte", "erreur-500", "erreur-503", "pas-xml"].map((p) => at(p, `${base}/${p}`)),
      ],
    },
  });
}, 60_000);
afterAll(async () => {
  ctx.close();
  server.closeAllConnections();
  server.close();
  await idp.close();
});

/** The start of a sign-in with `provider`: its error page code, the time it took and what was logged. */
async function start(provider: string) {
  const lines = logs.lines.length;
  const t0 = Date.now();
  const res = await browse(ctx, `/api/auth/sso/${provider}/start`);
  const logged = logs.lines
    .slice(lines)
    .map((l) => `${l.message} ${JSON.stringify(l.extra ?? {})}`)
    .join("\n");
  return { res, code: failureOf(res), ms: Date.now() - t0, logged };
}

describe("IdP metadata fetched by address", () => {
  it("well-formed metadata at the address → the sign-in goes to the IdP", async () => {
    const { res } = await start("bonne");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain(`${idp.base}/sso?SAMLRequest=`);
  });

  it.each(["gros-annonce", "gros"])("2 MB of metadata (%s) → REPONSE_ENT_INVALIDE, the log says 256 Ko", async (provider) => {
    const { code, logged } = await start(provider);
    expect(code).toBe("REPONSE_ENT_INVALIDE");
    expect(logged).toContain("raison=REPONSE_ENT_INVALIDE");
    expect(logged).toContain("dépassent 256 Ko");
  });

  it("a body that never ends, fast → refused as too large at once, not read until the timeout", async () => {
    const { code, ms } = await start("sans-fin");
    expect(code).toBe("REPONSE_ENT_INVALIDE");
    expect(ms).toBeLessThan(900);
  });

  it("a body that trickles forever → ENT_INJOIGNABLE at the 1 s timeout", async () => {
    const { code, ms } = await start("goutte");
    expect(code).toBe("ENT_INJOIGNABLE");
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(5_000);
  });

  it.each([
    ["erreur-500", "REPONSE_ENT_INVALIDE"],
    ["pas-xml", "REPONSE_ENT_INVALIDE"],
    ["erreur-503", "ENT_INJOIGNABLE"],
  ])("metadata answering « %s » → %s", async (provider, expected) => {
    expect((await start(provider)).code).toBe(expected);
  });

  it("« Tester la connexion » tells the admin in French that the metadata is too large, and why", async () => {
    const provider = ctx.deps.sso!.providers!.find((p) => p.id === "gros")!;
    const result = await checkProvider(ctx.deps, provider);
    expect(result.reachable).toBe(false);
    expect(result.message).toContain(`dépassent ${IDP_METADATA_MAX_BYTES / 1024} Ko`);
    expect(result.message).toContain("pas celles de toute la fédération");
  });

  it("« Tester la connexion » of a trickling address ends at the timeout with a French sentence", async () => {
    const provider = ctx.deps.sso!.providers!.find((p) => p.id === "goutte")!;
    const t0 = Date.now();
    const result = await checkProvider(ctx.deps, provider);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(result).toMatchObject({ reachable: false, message: expect.stringContaining("ne répondent pas") });
  });
});

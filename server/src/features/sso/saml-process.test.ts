import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureWebAssetMap, type RunningServer, startServer } from "../../../test/process";
import { startSamlIdp, type TestSamlIdp } from "./test-saml-idp";

// SAML in a real process: node-saml, xml-crypto and xmldom under `bun server/src/main.ts`, and
// in the compiled dist/planify-server when it has been built (bun --compile bundles them).
// The IdP's metadata comes from its address; the answer goes through a browser's steps.

const BINARY = fileURLToPath(new URL("../../../../dist/planify-server", import.meta.url));
const commands: [string, string[] | undefined][] = [["bun server/src/main.ts", undefined]];
if (existsSync(BINARY)) commands.push(["dist/planify-server", [BINARY]]);

let idp: TestSamlIdp;
beforeAll(async () => {
  ensureWebAssetMap();
  idp = await startSamlIdp({
    "lea.martin": { eduPersonPrincipalName: "lea.martin@univ-test.fr", eduPersonAffiliation: ["member", "student"], givenName: "Léa" },
  });
}, 60_000);
afterAll(() => idp.close());

describe.each(commands)("SAML sign-in in a real server (%s)", { timeout: 90_000 }, (_name, command) => {
  const dir = mkdtempSync(join(tmpdir(), "planify-saml-process-"));
  let server: RunningServer;
  beforeAll(async () => {
    const config = join(dir, "sso.json");
    writeFileSync(
      config,
      JSON.stringify({
        providers: [
          {
            id: "renater",
            kind: "saml",
            label: "Connexion ENT (SAML)",
            idpMetadataUrl: `${idp.base}/metadata`,
            policy: "provision",
            roles: { claim: "eduPersonAffiliation", values: { student: "eleve" } },
          },
        ],
      }),
    );
    server = await startServer(join(dir, "donnees"), { PLANIFY_SSO_CONFIG: config }, 60_000, command);
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the SP metadata", async () => {
    const res = await fetch(`${server.url}/api/auth/sso/renater/metadata`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/samlmetadata+xml");
    expect(await res.text()).toContain(`entityID="${server.url}/api/auth/sso/renater/metadata"`);
  });

  it("start → the IdP's login → its signed answer posted to the ACS → signed in on /devoirs", async () => {
    const start = await fetch(`${server.url}/api/auth/sso/renater/start?next=/devoirs`, { redirect: "manual" });
    expect(start.status).toBe(302);
    const login = new URL(start.headers.get("location")!);
    expect(login.origin).toBe(idp.base);
    login.searchParams.set("login", "lea.martin");
    const page = await (await fetch(login)).text();
    const action = page.match(/action="([^"]+)"/)![1]!;
    const SAMLResponse = page.match(/name="SAMLResponse" value="([^"]+)"/)![1]!;
    expect(action).toBe(`${server.url}/api/auth/sso/renater/acs`);
    const back = await fetch(action, { method: "POST", body: new URLSearchParams({ SAMLResponse }), redirect: "manual" });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toMatch(/^\/devoirs#connexion-ent=[\w-]{43}$/);
    // The same answer again: refused as the replayed assertion it is (before node-saml finds the request spent).
    const again = await fetch(action, { method: "POST", body: new URLSearchParams({ SAMLResponse }), redirect: "manual" });
    expect(again.headers.get("location")).toBe("/connexion-ent?erreur=ASSERTION_REJOUEE");
  });
});

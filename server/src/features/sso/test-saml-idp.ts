import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { inflateRawSync } from "node:zlib";
import { generate } from "selfsigned";
import { parseIdpMetadata } from "./saml-metadata";
import type { SamlProvider } from "./types";

// A real SAML 2.0 IdP for the tests: samlify (npm) in its IdentityProvider role signs the
// responses with a key pair made at test time (selfsigned). `respond` answers an AuthnRequest
// as the IdP's login page would, with optional faults (unsigned assertion, another key,
// another audience, times, InResponseTo); the HTTP server serves the IdP metadata and, for a
// browser, a login page that posts the response to Planify's ACS.
// samlify is loaded untyped: its type declarations pull in the DOM library, which the
// server's types must not see (Bun's fetch and Uint8Array types would clash).

// biome-ignore lint/suspicious/noExplicitAny: samlify's types are kept out (see above)
const samlify: any = createRequire(import.meta.url)("samlify");
samlify.setSchemaValidator({ validate: async () => "skipped" });
const BINDING = samlify.Constants.namespace.binding;

export const keyPair = async (cn: string) => {
  const pems = await generate([{ name: "commonName", value: cn }], { keySize: 2048, algorithm: "sha256" });
  return { key: pems.private, cert: pems.cert };
};

/** What to break in a response. */
export interface SamlFaults {
  unsigned?: boolean;
  otherKey?: boolean;
  audience?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  inResponseTo?: string;
  /** Signed (signature and digest) with SHA-1 instead of SHA-256. */
  sha1?: boolean;
  /** IdP-initiated: no InResponseTo at all (an unsolicited response). */
  unsolicited?: boolean;
}

const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const RSA_SHA1 = "http://www.w3.org/2000/09/xmldsig#rsa-sha1";

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Attribute values under their OID names, as Shibboleth sends them. */
const OID: Record<string, string> = {
  eduPersonPrincipalName: "urn:oid:1.3.6.1.4.1.5923.1.1.1.6",
  eduPersonAffiliation: "urn:oid:1.3.6.1.4.1.5923.1.1.1.1",
  mail: "urn:oid:0.9.2342.19200300.100.1.3",
  givenName: "urn:oid:2.5.4.42",
  sn: "urn:oid:2.5.4.4",
  uid: "urn:oid:0.9.2342.19200300.100.1.1",
};

function attributeStatement(attributes: Record<string, string | string[]>): string {
  const one = ([name, value]: [string, string | string[]]) =>
    `<saml:Attribute Name="${OID[name] ?? name}" FriendlyName="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri">${[
      value,
    ]
      .flat()
      .map((v) => `<saml:AttributeValue xsi:type="xs:string">${xmlEscape(v)}</saml:AttributeValue>`)
      .join("")}</saml:Attribute>`;
  return `<saml:AttributeStatement>${Object.entries(attributes).map(one).join("")}</saml:AttributeStatement>`;
}

/** The AuthnRequest in a redirect URL: its ID, ACS and issuer. */
export function authnRequestOf(url: URL) {
  const xml = inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest") ?? "", "base64")).toString("utf8");
  const attr = (name: string) => xml.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1] ?? "";
  return { id: attr("ID"), acs: attr("AssertionConsumerServiceURL"), issuer: xml.match(/<saml:Issuer[^>]*>([^<]*)</)?.[1] ?? "" };
}

export type TestSamlIdp = Awaited<ReturnType<typeof startSamlIdp>>;

/** The LogoutRequest in a redirect URL: its ID, issuer, NameID (and Format) and SessionIndex. */
export function logoutRequestOf(url: URL) {
  const xml = inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest") ?? "", "base64")).toString("utf8");
  const nameId = xml.match(/<saml:NameID([^>]*)>([^<]*)</);
  return {
    id: xml.match(/\bID="([^"]*)"/)?.[1] ?? "",
    issuer: xml.match(/<saml:Issuer[^>]*>([^<]*)</)?.[1] ?? "",
    nameID: nameId?.[2] ?? "",
    format: nameId?.[1]?.match(/Format="([^"]*)"/)?.[1] ?? "",
    sessionIndex: xml.match(/SessionIndex[^>]*>([^<]*)</)?.[1] ?? "",
  };
}

/**
 * Starts the IdP (on `opts.port`, 0 or absent: any free one); `users` by login: their attributes
 * (friendly names); `slo`: it offers Single Logout.
 */
export async function startSamlIdp(users: Record<string, Record<string, string | string[]>>, opts: { slo?: boolean; port?: number } = {}) {
  const [pair, other] = await Promise.all([keyPair("idp.univ-test.fr"), keyPair("intrus.example")]);
  let base = "";
  const idpWith = (p: { key: string; cert: string }, algorithm = RSA_SHA256) =>
    samlify.IdentityProvider({
      entityID: `${base}/idp`,
      privateKey: p.key,
      signingCert: p.cert,
      singleSignOnService: [{ Binding: BINDING.redirect, Location: `${base}/sso` }],
      singleLogoutService: opts.slo ? [{ Binding: BINDING.redirect, Location: `${base}/slo` }] : [],
      requestSignatureAlgorithm: algorithm,
    });

  /** The IdP's answer to the AuthnRequest of `authUrl`, for `login`: where to post it and the SAMLResponse. */
  async function respond(authUrl: URL, login: string, faults: SamlFaults = {}) {
    const request = authnRequestOf(authUrl);
    const sp = samlify.ServiceProvider({
      entityID: request.issuer,
      assertionConsumerService: [{ Binding: BINDING.post, Location: request.acs }],
      wantAssertionsSigned: !faults.unsigned,
    });
    const now = new Date();
    const until = faults.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
    const id = `_r${crypto.randomUUID()}`;
    const [nameID, sessionIndex] = [`_t${crypto.randomUUID()}`, `_s${crypto.randomUUID()}`];
    const values: Record<string, string> = {
      ID: id,
      AssertionID: `_a${crypto.randomUUID()}`,
      Destination: request.acs,
      Audience: faults.audience ?? request.issuer,
      SubjectRecipient: request.acs,
      Issuer: `${base}/idp`,
      IssueInstant: now.toISOString(),
      StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
      ConditionsNotBefore: (faults.notBefore ?? now).toISOString(),
      ConditionsNotOnOrAfter: until.toISOString(),
      SubjectConfirmationDataNotOnOrAfter: until.toISOString(),
      NameIDFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
      NameID: nameID,
      InResponseTo: faults.inResponseTo ?? request.id,
      AuthnStatement: `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${sessionIndex}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
    };
    const statement = attributeStatement(users[login] ?? {});
    const fill = (template: string) => ({
      id,
      context: (faults.unsolicited ? template.replace(/ InResponseTo="\{InResponseTo\}"/g, "") : template).replace(
        /\{(\w+)\}/g,
        (_, k: string) => (k === "AttributeStatement" ? statement : k === "AuthnStatement" ? values[k]! : xmlEscape(values[k] ?? "")),
      ),
    });
    const signer = faults.otherKey ? idpWith(other) : faults.sha1 ? idpWith(pair, RSA_SHA1) : idp;
    const { context } = await signer.createLoginResponse(sp, {}, "post", {}, fill);
    return { acs: request.acs, SAMLResponse: context as string, nameID, sessionIndex };
  }

  /** Planify's SP as this IdP sees it: its SLO service (HTTP-Redirect) next to its entity id. */
  const spOf = (entityId: string) =>
    samlify.ServiceProvider({
      entityID: entityId,
      singleLogoutService: [{ Binding: BINDING.redirect, Location: entityId.replace(/\/metadata$/, "/slo") }],
      wantLogoutResponseSigned: true,
      wantLogoutRequestSigned: true,
    });

  /** The IdP's signed LogoutResponse to the LogoutRequest of `logoutUrl` (signed by another key with `otherKey`). */
  async function answerLogout(logoutUrl: URL, faults: { otherKey?: boolean } = {}) {
    const request = logoutRequestOf(logoutUrl);
    const { context } = (faults.otherKey ? idpWith(other) : idp).createLogoutResponse(
      spOf(request.issuer),
      { extract: { request: { id: request.id } } },
      "redirect",
      "",
    );
    return { request, url: new URL(context as string) };
  }

  /** An IdP-initiated LogoutRequest to the SP `spEntityId` for `nameID`: the URL of Planify's /slo. */
  function logoutRequest(spEntityId: string, nameID: string, sessionIndex: string, relayState = "") {
    const { context } = idp.createLogoutRequest(spOf(spEntityId), "redirect", { logoutNameID: nameID, sessionIndex }, relayState);
    return new URL(context as string);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    if (url.pathname === "/metadata") {
      res.writeHead(200, { "content-type": "application/samlmetadata+xml" }).end(metadata());
      return;
    }
    if (url.pathname === "/sso" && url.searchParams.get("SAMLRequest")) {
      const login = url.searchParams.get("login");
      if (!login) {
        // The IdP's login page: a name (no password: a test IdP), sent back with the request.
        const hidden = [...url.searchParams]
          .map(([k, v]) => `<input type="hidden" name="${xmlEscape(k)}" value="${xmlEscape(v)}">`)
          .join("");
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(
          `<!doctype html><html lang="fr"><title>IdP de test</title><form method="get" action="/sso">${hidden}<label>Identifiant <input name="login"></label><button>Se connecter</button></form></html>`,
        );
        return;
      }
      const { acs, SAMLResponse } = await respond(url, login);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html lang="fr"><body onload="document.forms[0].submit()"><form method="post" action="${xmlEscape(acs)}"><input type="hidden" name="SAMLResponse" value="${SAMLResponse}"><noscript><button>Continuer</button></noscript></form></body></html>`,
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(opts.port ?? 0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const idp = idpWith(pair);
  const metadata = (): string => idp.getMetadata();

  /** A provider entry of Planify for this IdP (its metadata read as from a file, as IT gives it). */
  const entry = (over: Partial<SamlProvider> = {}): SamlProvider => ({
    id: "ent",
    kind: "saml",
    label: "Connexion ENT Université de Test (SAML)",
    enabled: true,
    usernameClaim: "eduPersonPrincipalName",
    roles: null,
    policy: "existing",
    idpMetadata: parseIdpMetadata(metadata()),
    idpMetadataUrl: null,
    spPrivateKey: null,
    spCertificate: null,
    clockSkewSeconds: 180,
    ...over,
  });
  return {
    base,
    respond,
    answerLogout,
    logoutRequest,
    metadata,
    entry,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

// Standalone: `bun server/src/features/sso/test-saml-idp.ts [--port N] [--accounts comptes.json]`
// prints the IdP's addresses (for an e2e); comptes.json maps a login to its attributes
// (friendly names), lea.martin only without it.
if (import.meta.main) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const file = arg("accounts");
  const users = file
    ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, string | string[]>>)
    : {
        "lea.martin": {
          eduPersonPrincipalName: "lea.martin@univ-test.fr",
          eduPersonAffiliation: ["member", "student"],
          givenName: "Léa",
          sn: "Martin",
        },
      };
  const idp = await startSamlIdp(users, { port: Number(arg("port") ?? 0) });
  console.log(`IdP SAML de test : ${idp.base} (métadonnées : ${idp.base}/metadata)`);
  // A browser keeps connections open, which close() would wait for: the process just ends.
  process.on("SIGTERM", () => process.exit(0));
}

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { safeNextPath } from "@planify/common/constants/sso";
import { loadConfig } from "../../config";
import { ensureWebAssetMap, runMain } from "../../../test/process";
import { parseSsoConfig } from "./config-file";
import type { OidcProvider, SamlProvider } from "./types";

const dir = mkdtempSync(join(tmpdir(), "planify-sso-config-"));
const keycloak = {
  id: "ent",
  kind: "oidc",
  label: "Connexion ENT Université de Lyon",
  issuer: "https://sso.univ-lyon.fr/realms/etudiants",
  clientId: "planify",
  clientSecret: "s3cret",
};
const esup = { id: "cas", kind: "cas", label: "Connexion ENT Université de Lyon (CAS)", casUrl: "https://cas.univ-lyon.fr/cas/" };
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
};

describe("PLANIFY_SSO_CONFIG", () => {
  it("fills in the defaults: enabled, scopes, preferred_username, policy « existing »", () => {
    const [p] = parseSsoConfig({ providers: [keycloak] }).providers;
    expect(p).toMatchObject({
      enabled: true,
      scopes: ["openid", "profile", "email"],
      usernameClaim: "preferred_username",
      policy: "existing",
      clientSecret: "s3cret",
    });
  });

  it("a CAS provider: casUrl without its trailing slash, the username from <cas:user> by default, loopback http accepted", () => {
    const [p, local] = parseSsoConfig({ providers: [esup, { ...esup, id: "local", casUrl: "http://127.0.0.1:8443/cas" }] }).providers;
    expect(p).toMatchObject({
      kind: "cas",
      casUrl: "https://cas.univ-lyon.fr/cas",
      usernameClaim: "user",
      policy: "existing",
      enabled: true,
    });
    expect(local).toMatchObject({ casUrl: "http://127.0.0.1:8443/cas" });
  });

  it("reads the client secret from clientSecretFile, without its final newline", () => {
    const secretFile = file("secret", "depuis-un-fichier\n");
    const { clientSecret: _, ...rest } = keycloak;
    const [p] = parseSsoConfig({ providers: [{ ...rest, clientSecretFile: secretFile }] }).providers;
    expect((p as OidcProvider).clientSecret).toBe("depuis-un-fichier");
  });

  it.each([
    [{ ...keycloak, issuer: "ftp://x" }, "PLANIFY_SSO_CONFIG : providers[0].issuer : format invalide."],
    [{ ...keycloak, issuer: "http://sso.univ.fr" }, "providers[0].issuer : une adresse https:// est attendue"],
    [{ ...keycloak, id: "Mon ENT" }, "providers[0].id : format invalide."],
    [{ ...keycloak, clientId: undefined }, "providers[0].clientId : champ obligatoire manquant."],
    [{ ...keycloak, kind: "cas" }, "providers[0].casUrl : champ obligatoire manquant."],
    [{ ...esup, casUrl: undefined }, "providers[0].casUrl : champ obligatoire manquant."],
    [{ ...esup, casUrl: "http://cas.univ-lyon.fr/cas" }, "providers[0].casUrl : une adresse https:// est attendue"],
    [{ ...esup, issuer: "https://cas.univ-lyon.fr" }, "providers[0].issuer : champ inconnu."],
    [{ ...esup, clientSecretFile: "/run/secret" }, "providers[0].clientSecretFile : champ inconnu."],
    [{ ...keycloak, kind: "ldap" }, "providers[0].kind : valeur non reconnue (attendu : « oidc », « cas », « saml »)."],
    [{ ...keycloak, casUrl: "https://cas.univ.fr/cas" }, "providers[0].casUrl : champ inconnu."],
    [{ ...keycloak, roles: { claim: "groups", values: { staff: "delegue" } } }, "providers[0].roles.values.staff : valeur non reconnue."],
    [{ ...keycloak, colour: "bleu" }, "providers[0].colour : champ inconnu."],
    [{ ...keycloak, clientSecretFile: "/x" }, "providers[0] : clientSecret et clientSecretFile sont tous deux définis"],
    [
      { ...keycloak, clientSecret: undefined, clientSecretFile: "/nulle/part" },
      "providers[0].clientSecretFile : impossible de lire /nulle/part.",
    ],
  ])("refuses %j in French, naming the field", (provider, message) => {
    expect(() => parseSsoConfig({ providers: [provider] })).toThrow(message);
  });

  it("accepts a value mapped to admin explicitly (the school's IT group)", () => {
    const [p] = parseSsoConfig({
      providers: [{ ...keycloak, roles: { claim: "groups", values: { "planify-admins": "admin" } } }],
    }).providers;
    expect(p?.roles?.values).toEqual({ "planify-admins": "admin" });
  });

  it("refuses two providers with one id", () => {
    expect(() => parseSsoConfig({ providers: [keycloak, keycloak] })).toThrow("providers[1].id : l'identifiant « ent » est déjà utilisé.");
  });

  it("loadConfig reads the file the variable names, and refuses a file that is not JSON", () => {
    const good = file("bon.json", { providers: [keycloak] });
    expect(loadConfig([], { PLANIFY_SSO_CONFIG: good }).sso?.providers[0]?.label).toBe("Connexion ENT Université de Lyon");
    expect(loadConfig([], {}).sso).toBeNull();
    expect(() => loadConfig([], { PLANIFY_SSO_CONFIG: file("casse.json", "{ pas du json") })).toThrow(
      /^PLANIFY_SSO_CONFIG : le fichier .*casse\.json n'est pas du JSON valide\.$/,
    );
  });
});

describe("PLANIFY_SSO_CONFIG, kind « saml »", () => {
  let metadataFile: string;
  let keyFile: string;
  let certFile: string;
  const saml = (over: Record<string, unknown> = {}) => ({ id: "renater", kind: "saml", label: "Connexion ENT (Renater)", ...over });
  beforeAll(async () => {
    const { startSamlIdp, keyPair } = await import("./test-saml-idp");
    const idp = await startSamlIdp({});
    metadataFile = file("idp.xml", idp.metadata());
    await idp.close();
    const pair = await keyPair("planify.univ.fr");
    keyFile = file("sp.key", pair.key);
    certFile = file("sp.crt", pair.cert);
  }, 60_000);

  it("reads the IdP metadata file at start-up; defaults: eduPersonPrincipalName, 180 s of skew, no SP key", () => {
    const [p] = parseSsoConfig({ providers: [saml({ idpMetadataFile: metadataFile })] }).providers as SamlProvider[];
    expect(p).toMatchObject({ usernameClaim: "eduPersonPrincipalName", clockSkewSeconds: 180, spPrivateKey: null, idpMetadataUrl: null });
    expect(p!.idpMetadata).toMatchObject({ ssoUrl: expect.stringMatching(/\/sso$/), certificates: [expect.any(String)] });
  });

  it("reads the SP key pair", () => {
    const [p] = parseSsoConfig({
      providers: [saml({ idpMetadataFile: metadataFile, spPrivateKeyFile: keyFile, spCertificateFile: certFile, clockSkewSeconds: 60 })],
    }).providers as SamlProvider[];
    expect(p!.spCertificate).toContain("BEGIN CERTIFICATE");
    expect(p!.clockSkewSeconds).toBe(60);
  });

  it.each([
    [{}, "providers[0] : donnez idpMetadataFile ou idpMetadataUrl (un seul des deux)."],
    [{ idpMetadataFile: "/x", idpMetadataUrl: "https://idp.univ.fr/idp/shibboleth" }, "donnez idpMetadataFile ou idpMetadataUrl (un seul"],
    [{ idpMetadataUrl: "http://idp.univ.fr/metadata" }, "providers[0].idpMetadataUrl : une adresse https:// est attendue"],
    [{ idpMetadataFile: "/nulle/part.xml" }, "providers[0].idpMetadataFile : impossible de lire /nulle/part.xml."],
    [{ idpMetadataUrl: "https://idp.univ.fr/m", clockSkewSeconds: 3600 }, "providers[0].clockSkewSeconds : valeur invalide."],
    [{ idpMetadataUrl: "https://idp.univ.fr/m", spPrivateKeyFile: "/k" }, "spPrivateKeyFile et spCertificateFile vont ensemble"],
    [{ idpMetadataUrl: "https://idp.univ.fr/m", issuer: "https://x" }, "providers[0].issuer : champ inconnu."],
  ])("refuses %j in French, naming the field", (over, message) => {
    expect(() => parseSsoConfig({ providers: [saml(over)] })).toThrow(message);
  });

  it("refuses a metadata file that is not an IdP's", () => {
    const bad = file("pas-idp.xml", "<EntityDescriptor entityID='x'><SPSSODescriptor/></EntityDescriptor>");
    expect(() => parseSsoConfig({ providers: [saml({ idpMetadataFile: bad })] })).toThrow(
      "providers[0].idpMetadataFile : métadonnées de l'IdP illisibles : aucun IDPSSODescriptor.",
    );
  });
});

describe("a bad PLANIFY_SSO_CONFIG stops a real server", { timeout: 60_000 }, () => {
  beforeAll(() => ensureWebAssetMap());
  it("exits 2 (bad settings, as any other) with the French message naming the field, before listening", async () => {
    const bad = file("mauvais.json", { providers: [{ ...keycloak, issuer: "pas-une-adresse" }] });
    const r = await runMain(["--port", "0", "--data-dir", join(dir, "donnees")], { PLANIFY_SSO_CONFIG: bad });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("PLANIFY_SSO_CONFIG : providers[0].issuer : format invalide.");
    expect(r.stdout).not.toContain("est prêt");
  });
});

describe("safeNextPath (no open redirect)", () => {
  it.each([
    ["/devoirs", "/devoirs"],
    ["/devoirs?vue=semaine", "/devoirs?vue=semaine"],
    ["//evil.example", "/devoirs"],
    ["/\\evil.example", "/devoirs"],
    ["https://evil.example/", "/devoirs"],
    ["javascript:alert(1)", "/devoirs"],
    ["/\t/evil.example", "/devoirs"],
    ["/a#b", "/devoirs"],
    ["devoirs", "/devoirs"],
    ["", "/devoirs"],
  ])("%j → %j", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});

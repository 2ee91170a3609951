import { describe, expect } from "vitest";
import { appPerFile, everyActor, scenarioTests } from "../../../test/helpers";
import type { SsoProvider } from "./types";

// The role matrix of the ENT sign-in routes: all public (they exist before any session).

const provider = (id: string, enabled: boolean): SsoProvider => ({
  id,
  kind: "oidc",
  label: `Connexion ENT ${id}`,
  enabled,
  issuer: "http://127.0.0.1:9",
  clientId: "planify",
  clientSecret: null,
  scopes: ["openid"],
  usernameClaim: "preferred_username",
  roles: null,
  policy: "existing",
});

const renater: SsoProvider = {
  ...provider("renater", true),
  kind: "saml",
  idpMetadata: { entityId: "https://idp.univ.fr/idp/shibboleth", ssoUrl: "https://idp.univ.fr/sso", sloUrl: null, certificates: ["AAAA"] },
  idpMetadataUrl: null,
  spPrivateKey: null,
  spCertificate: null,
  clockSkewSeconds: 180,
  usernameClaim: "eduPersonPrincipalName",
} as SsoProvider;

const env = appPerFile({ sso: { providers: [provider("lyon", true), provider("ancien", false), renater] } });
const all = { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
const redirect = { guest: 302, eleve: 302, etudiant: 302, delegue: 302, prof: 302, admin: 302 };
const notFound = { guest: 404, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 };
const badCode = { guest: 400, eleve: 400, etudiant: 400, delegue: 400, prof: 400, admin: 400 };
const to = (location: string) => (_: unknown, res: Response) => {
  if (res.headers.get("location") !== location) throw new Error(`went to ${res.headers.get("location")}, not ${location}`);
};

describe("ENT sign-in routes, every role", () => {
  scenarioTests(
    [
      ...everyActor({ method: "GET", url: "/api/auth/providers" }, all, "enabled providers only", {
        200: {
          success: true,
          providers: [
            { id: "lyon", kind: "oidc", label: "Connexion ENT lyon" },
            { id: "renater", kind: "saml", label: "Connexion ENT renater" },
          ],
        },
      }),
      ...everyActor({ method: "GET", url: "/api/auth/sso/ancien/start" }, redirect, "a disabled provider: the French error page", {
        302: to("/connexion-ent?erreur=FOURNISSEUR_INCONNU"),
      }),
      ...everyActor({ method: "GET", url: "/api/auth/sso/lyon/callback?code=x&state=y" }, redirect, "a callback without its cookie", {
        302: to("/connexion-ent?erreur=ETAT_INVALIDE"),
      }),
      ...everyActor({ method: "POST", url: "/api/auth/sso/exchange", body: { code: "inconnu" } }, badCode, "an unknown code", {
        400: {
          success: false,
          code: "SSO_CODE_INVALID",
          message: "Ce lien de connexion ENT a expiré ou a déjà servi. Reconnecte-toi avec l'ENT.",
        },
      }),
      ...everyActor({ method: "GET", url: "/api/auth/sso/renater/metadata" }, all, "the SP metadata of a SAML provider", {
        200: (body: unknown) => {
          if (!String(body).includes('entityID="http://localhost/api/auth/sso/renater/metadata"')) throw new Error(String(body));
        },
      }),
      ...everyActor({ method: "GET", url: "/api/auth/sso/lyon/metadata" }, notFound, "no SP metadata for an OIDC provider", {
        404: { success: false, code: "NOT_FOUND", message: "Aucun fournisseur SAML sous cet identifiant." },
      }),
      ...everyActor(
        { method: "POST", url: "/api/auth/sso/renater/acs", body: new URLSearchParams({ SAMLResponse: "PHg+" }) },
        redirect,
        // "PHg+" is « <x> »: no SAML Response at all, refused before node-saml looks for its request.
        "an ACS post that is no SAML response",
        { 302: to("/connexion-ent?erreur=JETON_INVALIDE") },
      ),
      ...everyActor(
        { method: "POST", url: "/api/auth/sso/lyon/acs", body: new URLSearchParams({ SAMLResponse: "x" }) },
        redirect,
        "an ACS post to an OIDC provider",
        {
          302: to("/connexion-ent?erreur=FOURNISSEUR_INCONNU"),
        },
      ),
      ...everyActor({ method: "GET", url: "/api/auth/sso/inconnu/logout" }, redirect, "logout of an unknown provider", {
        302: to("/connexion-ent?erreur=FOURNISSEUR_INCONNU"),
      }),
      ...everyActor(
        { method: "GET", url: "/api/auth/sso/renater/slo" },
        badCode,
        "SAML SLO without a message: a French page, nothing cleared",
        {
          400: (_: unknown, res: Response) => {
            expect(res.headers.get("content-type")).toContain("text/html");
            expect(res.headers.get("set-cookie")).toBeNull();
          },
        },
      ),
      ...everyActor(
        { method: "GET", url: "/api/auth/sso/renater/slo?SAMLResponse=PHg%2B&SigAlg=x&Signature=y" },
        redirect,
        "SAML SLO with a garbled LogoutResponse: home",
        { 302: to("/") },
      ),
      ...everyActor({ method: "GET", url: "/api/auth/sso/lyon/slo?SAMLRequest=x" }, redirect, "SAML SLO at an OIDC provider: home", {
        302: to("/"),
      }),
    ],
    () => env,
  );
});

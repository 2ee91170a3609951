import { Type, type Static } from "@sinclair/typebox";
import { SSO_KINDS, SSO_POLICIES } from "../constants/sso";
import { literalUnion } from "./literal-union";
import { ok } from "./shared";
import { SsoCasFields } from "./sso-cas";
import { SsoSamlFields } from "./sso-saml";

/**
 * Roles a provider may give a new account: admin only where the school maps a value to it
 * explicitly (never by default); never delegue (the school names delegates in Planify).
 */
export const SsoMappedRole = literalUnion(["eleve", "prof", "admin"] as const);

/** How a provider's claims give the role of an account created at first sign-in. */
export const SsoRoleMapping = Type.Object(
  {
    /** Claim holding the status or the groups (eduPersonAffiliation, groups, …); a list or a string. */
    claim: Type.String({ minLength: 1, maxLength: 200 }),
    /** Claim value → role, e.g. { "student": "eleve", "faculty": "prof" }. */
    values: Type.Record(Type.String({ minLength: 1 }), SsoMappedRole),
  },
  { additionalProperties: false },
);

/** The fields every provider has, whatever its protocol. */
const commonFields = {
  id: Type.String({ pattern: "^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$" }),
  label: Type.String({ minLength: 1, maxLength: 120 }),
  enabled: Type.Optional(Type.Boolean()),
  /** Claim or attribute giving the username (each kind has its default); a path such as "ent.uid" reads inside an object. */
  usernameClaim: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  roles: Type.Optional(SsoRoleMapping),
  policy: Type.Optional(literalUnion(SSO_POLICIES)),
};

/** An http(s) address (https:// is required outside this machine; the server checks it). */
export const SsoUrl = Type.String({ pattern: "^https?://", maxLength: 2000 });

/** An OpenID Connect provider (Keycloak, ADFS, Entra ID, …). */
export const SsoOidcConfig = Type.Object(
  {
    ...commonFields,
    kind: Type.Literal("oidc"),
    issuer: SsoUrl,
    clientId: Type.String({ minLength: 1, maxLength: 500 }),
    clientSecret: Type.Optional(Type.String({ minLength: 1 })),
    /** A file holding the client secret (Docker secrets, systemd credentials), instead of clientSecret. */
    clientSecretFile: Type.Optional(Type.String({ minLength: 1 })),
    scopes: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
  },
  { additionalProperties: false },
);
export type SsoOidcConfig = Static<typeof SsoOidcConfig>;

/** A CAS 3.0 server (esup CAS, Apereo CAS): its fields are in sso-cas.ts. */
export const SsoCasConfig = Type.Composite([Type.Object({ ...commonFields, kind: Type.Literal("cas") }), SsoCasFields], {
  additionalProperties: false,
});
export type SsoCasConfig = Static<typeof SsoCasConfig>;

/** A SAML 2.0 identity provider (Shibboleth in the Renater federation, ADFS): its fields are in sso-saml.ts. */
export const SsoSamlConfig = Type.Composite([Type.Object({ ...commonFields, kind: Type.Literal("saml") }), SsoSamlFields], {
  additionalProperties: false,
});
export type SsoSamlConfig = Static<typeof SsoSamlConfig>;

/** The schema of each kind, to tell IT which field of which kind is wrong. */
export const SSO_CONFIG_BY_KIND = { oidc: SsoOidcConfig, cas: SsoCasConfig, saml: SsoSamlConfig } as const;

/** One provider of the configuration file (PLANIFY_SSO_CONFIG). */
export const SsoProviderConfig = Type.Union([SsoOidcConfig, SsoCasConfig, SsoSamlConfig]);
export type SsoProviderConfig = Static<typeof SsoProviderConfig>;

/** The configuration file named by PLANIFY_SSO_CONFIG. */
export const SsoConfigFile = Type.Object({ providers: Type.Array(SsoProviderConfig) }, { additionalProperties: false });
export type SsoConfigFile = Static<typeof SsoConfigFile>;

/** What the login popup shows of an enabled provider. */
export const SsoProviderPublic = Type.Object({ id: Type.String(), kind: literalUnion(SSO_KINDS), label: Type.String() });

/** GET /api/auth/providers. */
export const SsoProvidersResponse = ok({ providers: Type.Array(SsoProviderPublic) });
export type SsoProvidersResponse = Static<typeof SsoProvidersResponse>;

export const SsoProviderParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/**
 * The browser routes' parameters are loose on purpose: a browser route never answers the JSON
 * 400 of a schema error; the route reads what it needs and refuses the rest itself, on the
 * French failure page (rule: features/sso in docs/architecture.md).
 */
const loose = (description: string) => Type.Optional(Type.Unknown({ description }));

/** GET /api/auth/sso/{id}/start (a `next` that is not a path of this site becomes /devoirs). */
export const SsoStartQuery = Type.Object(
  { next: loose("Chemin de Planify où revenir après la connexion") },
  { additionalProperties: true },
);

/** GET /api/auth/sso/{id}/callback: what an OpenID provider or a CAS sends back (read by the route, never refused by the schema). */
export const SsoCallbackQuery = Type.Object(
  {
    code: loose("OIDC : code d'autorisation"),
    state: loose("OIDC : state"),
    error: loose("OIDC : refus du fournisseur"),
    error_description: loose("OIDC : détail du refus"),
    iss: loose("OIDC : émetteur"),
    ticket: loose("CAS 3.0 : ticket de service (ST-…, au plus 256 caractères)"),
  },
  { additionalProperties: true },
);

/** POST /api/auth/sso/exchange: the one-time code from the URL fragment. */
export const SsoExchangeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 200 }) });
export type SsoExchangeBody = Static<typeof SsoExchangeBody>;

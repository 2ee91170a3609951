import { Type, type Static } from "@sinclair/typebox";
import { SSO_KINDS, SSO_POLICIES } from "../constants/sso";
import { ErrorEnvelope } from "../errors";
import { literalUnion } from "./literal-union";
import { Nullable, ok } from "./shared";
import { SsoMappedRole } from "./sso";

// The admin screen « Connexion ENT »: providers stored by the school beside those of the
// PLANIFY_SSO_CONFIG file. A body is one provider in the file's shape; the server checks it
// with the file's own rules (readProvider) and names the refused field in French.

/** Where a provider comes from: the configuration file (read-only here) or the database. */
export const SSO_SOURCES = ["fichier", "base"] as const;

/** French names of the kinds, for the screen. */
export const SSO_KIND_LABELS = { oidc: "OpenID Connect", cas: "CAS", saml: "SAML 2.0" } as const;

/**
 * A provider typed in the form: the fields of every kind, each optional here so that a missing
 * or wrong one gets its French message naming it (the server's readProvider), not a bare 400.
 * `clientSecret` absent on an update keeps the stored one; `*File` fields are refused.
 */
export const SsoAdminProviderBody = Type.Object(
  {
    kind: Type.String({ maxLength: 20 }),
    id: Type.String({ maxLength: 100 }),
    label: Type.String({ maxLength: 500 }),
    enabled: Type.Optional(Type.Boolean()),
    usernameClaim: Type.Optional(Type.String({ maxLength: 500 })),
    policy: Type.Optional(literalUnion(SSO_POLICIES)),
    /** null: no mapping (as absent). */
    roles: Type.Optional(
      Nullable(
        Type.Object(
          { claim: Type.String({ maxLength: 500 }), values: Type.Record(Type.String(), SsoMappedRole) },
          { additionalProperties: false },
        ),
      ),
    ),
    issuer: Type.Optional(Type.String({ maxLength: 2000 })),
    clientId: Type.Optional(Type.String({ maxLength: 1000 })),
    clientSecret: Type.Optional(Type.String({ maxLength: 4000 })),
    scopes: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
    casUrl: Type.Optional(Type.String({ maxLength: 2000 })),
    idpMetadataUrl: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  // Other fields (clientSecretFile, a typo) reach the server's check, which names them.
  { additionalProperties: true },
);
export type SsoAdminProviderBody = Static<typeof SsoAdminProviderBody>;

/** One provider as the admin screen shows it: never a secret, only whether one is set. */
export const SsoAdminProvider = Type.Object({
  id: Type.String(),
  kind: literalUnion(SSO_KINDS),
  label: Type.String(),
  enabled: Type.Boolean(),
  source: literalUnion(SSO_SOURCES),
  /** The address IT registers at the provider: the callback (OIDC, CAS) or the SP metadata (SAML). */
  registerUrl: Type.String(),
  usernameClaim: Nullable(Type.String()),
  policy: literalUnion(SSO_POLICIES),
  roles: Nullable(Type.Object({ claim: Type.String(), values: Type.Record(Type.String(), SsoMappedRole) })),
  issuer: Nullable(Type.String()),
  clientId: Nullable(Type.String()),
  scopes: Nullable(Type.Array(Type.String())),
  hasSecret: Type.Boolean(),
  casUrl: Nullable(Type.String()),
  idpMetadataUrl: Nullable(Type.String()),
  /** A stored provider that no longer passes the checks (skipped at sign-in), in French; else null. */
  problem: Nullable(Type.String()),
  updatedAt: Nullable(Type.Integer()),
  updatedBy: Nullable(Type.String()),
});
export type SsoAdminProvider = Static<typeof SsoAdminProvider>;

export const SsoAdminProvidersResponse = ok({ providers: Type.Array(SsoAdminProvider) });
export type SsoAdminProvidersResponse = Static<typeof SsoAdminProvidersResponse>;

export const SsoAdminProviderResponse = ok({ message: Type.String(), provider: SsoAdminProvider });
export type SsoAdminProviderResponse = Static<typeof SsoAdminProviderResponse>;

export const SsoAdminEnabledBody = Type.Object({ enabled: Type.Boolean() });
export type SsoAdminEnabledBody = Static<typeof SsoAdminEnabledBody>;

export const SsoAdminParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** « Tester la connexion »: whether the provider answered as expected, told in French. */
export const SsoAdminTestResponse = ok({ reachable: Type.Boolean(), message: Type.String() });
export type SsoAdminTestResponse = Static<typeof SsoAdminTestResponse>;

/** A refused form: the envelope plus the field it is about, so the screen shows it beside that field. */
export const SsoAdminRefusal = Type.Object(
  { ...ErrorEnvelope.properties, field: Type.Optional(Type.String()) },
  { description: ErrorEnvelope.description },
);
export type SsoAdminRefusal = Static<typeof SsoAdminRefusal>;

/** French names of the form's fields, in refusals (« Émetteur (issuer) : … ») and on the screen. */
export const SSO_FIELD_LABELS: Record<string, string> = {
  kind: "Protocole",
  id: "Identifiant",
  label: "Libellé",
  enabled: "Activé",
  usernameClaim: "Attribut de l'identifiant",
  policy: "Comptes",
  roles: "Correspondance des rôles",
  "roles.claim": "Attribut du statut",
  "roles.values": "Valeurs du statut",
  issuer: "Émetteur (issuer)",
  clientId: "Identifiant client (client_id)",
  clientSecret: "Secret client",
  scopes: "Portées (scopes)",
  casUrl: "Adresse du serveur CAS",
  idpMetadataUrl: "Adresse des métadonnées de l'IdP",
};

/** The form field a refused path belongs to: "scopes[1]" → "scopes", "roles.values.x" → "roles.values". */
export function ssoFormField(path: string): string {
  let field = path.replace(/\[\d+\].*$/, "");
  while (field.includes(".") && !(field in SSO_FIELD_LABELS)) field = field.slice(0, field.lastIndexOf("."));
  return field;
}

/** « Émetteur (issuer) : reason » for a refused field; the reason alone when it is about the whole provider. */
export const ssoFieldMessage = (field: string, reason: string) =>
  field ? `${SSO_FIELD_LABELS[ssoFormField(field)] ?? field} : ${reason}` : reason.charAt(0).toUpperCase() + reason.slice(1);

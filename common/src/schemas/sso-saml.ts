import { Type } from "@sinclair/typebox";

/** Longest clock difference accepted between the IdP and Planify, in seconds. */
export const SAML_CLOCK_SKEW_MAX_S = 600;
export const SAML_CLOCK_SKEW_DEFAULT_S = 180;

/**
 * What a SAML 2.0 provider adds to the common fields: where its metadata is (exactly one of a
 * file, or an address such as the Renater federation's), the SP's own key pair (signs the
 * AuthnRequests, decrypts encrypted assertions), and the accepted clock difference.
 */
export const SsoSamlFields = Type.Object({
  idpMetadataFile: Type.Optional(Type.String({ minLength: 1 })),
  idpMetadataUrl: Type.Optional(Type.String({ pattern: "^https?://", maxLength: 2000 })),
  /** PEM private key of Planify as a SAML service provider (with spCertificateFile). */
  spPrivateKeyFile: Type.Optional(Type.String({ minLength: 1 })),
  /** PEM certificate of that key, published in the SP metadata. */
  spCertificateFile: Type.Optional(Type.String({ minLength: 1 })),
  clockSkewSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: SAML_CLOCK_SKEW_MAX_S })),
});

/** Longest SAMLResponse (base64) and RelayState read at the ACS; past them the route refuses. */
export const SAML_RESPONSE_MAX_CHARS = 400_000;
export const SAML_RELAY_STATE_MAX_CHARS = 80;

/**
 * POST /api/auth/sso/{id}/acs: the IdP's HTTP-POST binding (an urlencoded form). Loose on
 * purpose: a missing, garbled or over-long field ends on the French failure page (the route
 * checks them), never on a JSON 400.
 */
export const SamlAcsBody = Type.Object(
  {
    SAMLResponse: Type.Optional(Type.Unknown({ description: `Réponse SAML en base64 (au plus ${SAML_RESPONSE_MAX_CHARS} caractères)` })),
    RelayState: Type.Optional(Type.Unknown({ description: `Au plus ${SAML_RELAY_STATE_MAX_CHARS} caractères` })),
  },
  { additionalProperties: true },
);

/** GET /api/auth/sso/{id}/slo: the IdP's HTTP-Redirect binding (a LogoutResponse or LogoutRequest). */
export const SamlSloQuery = Type.Object(
  {
    SAMLResponse: Type.Optional(Type.String({ maxLength: 100_000 })),
    SAMLRequest: Type.Optional(Type.String({ maxLength: 100_000 })),
    RelayState: Type.Optional(Type.String({ maxLength: 400 })),
    SigAlg: Type.Optional(Type.String({ maxLength: 200 })),
    Signature: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: true },
);

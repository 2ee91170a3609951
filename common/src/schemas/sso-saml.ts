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

/** POST /api/auth/sso/{id}/acs: the IdP's HTTP-POST binding (an urlencoded form). */
export const SamlAcsBody = Type.Object(
  {
    SAMLResponse: Type.String({ minLength: 1, maxLength: 400_000 }),
    RelayState: Type.Optional(Type.String({ maxLength: 80 })),
  },
  { additionalProperties: true },
);

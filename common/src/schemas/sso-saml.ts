import { Type } from "@sinclair/typebox";

/**
 * What a SAML 2.0 provider adds to the common fields: where its metadata is (a file, or an
 * address such as the Renater federation's), read at start-up.
 */
export const SsoSamlFields = Type.Object({
  idpMetadataFile: Type.Optional(Type.String({ minLength: 1 })),
  idpMetadataUrl: Type.Optional(Type.String({ pattern: "^https?://", maxLength: 2000 })),
});

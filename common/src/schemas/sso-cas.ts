import { Type } from "@sinclair/typebox";

/**
 * What a CAS 3.0 provider adds to the common fields: the address of the CAS server, under
 * which /login, /p3/serviceValidate and /logout live (e.g. "https://cas.univ-exemple.fr/cas").
 */
export const SsoCasFields = Type.Object({
  casUrl: Type.String({ pattern: "^https?://", maxLength: 2000 }),
});

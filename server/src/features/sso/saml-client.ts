import { type BinaryLike, createVerify } from "node:crypto";
import { SAML, ValidateInResponseTo } from "@node-saml/node-saml";
import { SSO_STATE_TTL_MS } from "@planify/common/constants/sso";
import type { IdpMetadata } from "./saml-metadata";
import type { samlRequestStore } from "./saml-store";
import type { SamlProvider } from "./types";

/**
 * The SP's addresses under `root` (`<public URL>/api/auth/sso/<id>`): entity id = metadata URL,
 * the ACS (HTTP-POST) and the single logout service (HTTP-Redirect).
 */
export const spUrls = (root: string) => ({ entityId: `${root}/metadata`, acs: `${root}/acs`, slo: `${root}/slo` });

/** The HTTP-Redirect binding's SigAlg URIs accepted, and their hash (SHA-1 is refused). */
const REDIRECT_SIG_ALGS: Record<string, string> = {
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256": "sha256",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512": "sha512",
};

/**
 * node-saml finds the SigAlg of a redirect message among crypto.getHashes(), which under Bun
 * lists no "RSA-SHA256": every signed LogoutRequest/LogoutResponse would be refused. The
 * algorithm is named here instead, from the SAML URI.
 */
class RedirectSaml extends SAML {
  protected override validateSignatureForRedirect(urlString: BinaryLike, signature: string, alg: string, pemFile: string): boolean {
    const hash = REDIRECT_SIG_ALGS[alg];
    if (!hash) throw new Error(`SigAlg ${alg.slice(0, 80)} non accepté`);
    return createVerify(hash).update(urlString).verify(pemFile, signature, "base64");
  }
}

/** node-saml's SP for one provider, configured strictly (see docs/architecture.md, SAML). */
export function samlOf(provider: SamlProvider, idp: IdpMetadata, root: string, store: ReturnType<typeof samlRequestStore>): SAML {
  const { entityId, acs, slo } = spUrls(root);
  return new RedirectSaml({
    entryPoint: idp.ssoUrl,
    issuer: entityId,
    audience: entityId,
    callbackUrl: acs,
    idpCert: idp.certificates,
    idpIssuer: idp.entityId,
    wantAssertionsSigned: true,
    // Shibboleth signs the assertion, not always the response around it.
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: provider.clockSkewSeconds * 1000,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SSO_STATE_TTL_MS,
    cacheProvider: store,
    privateKey: provider.spPrivateKey ?? undefined,
    decryptionPvk: provider.spPrivateKey ?? undefined,
    signatureAlgorithm: "sha256",
    // No NameIDPolicy format and no AuthnContext: the IdP chooses (ADFS refuses what it does not offer).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    logoutUrl: idp.sloUrl ?? undefined,
    logoutCallbackUrl: slo,
  });
}

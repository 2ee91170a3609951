import { generateServiceProviderMetadata, type Profile, SamlStatusError } from "@node-saml/node-saml";
import { samlOf, spUrls } from "./saml-client";
import { SSO_STATE_TTL_MS } from "@planify/common/constants/sso";
import { SAML_CLOCK_SKEW_DEFAULT_S, SAML_RELAY_STATE_MAX_CHARS, SAML_RESPONSE_MAX_CHARS } from "@planify/common/schemas/sso-saml";
import type { AppDeps } from "../../deps";
import { samlAttributes } from "./saml-attributes";
import { type SamlSession, samlLogoutUrl, samlSessionOf } from "./saml-logout";
import { type IdpMetadata, idpMetadata, parseIdpMetadata } from "./saml-metadata";
import { samlRequestStore, spendAssertion } from "./saml-store";
import { precheckPostedResponse } from "./saml-response-checks";
import { checkedUrl, readConfigText } from "./read-secret";
import { configError, type ProviderKind, type SamlProvider, type SsoIdentity, SsoError } from "./types";

// SAML 2.0 with @node-saml/node-saml: the signature of the assertion (required), audience,
// NotBefore/NotOnOrAfter with a bounded skew and InResponseTo (a request we issued, kept in
// saml_requests) are the library's checks, configured strictly; this file adds the issuer,
// the replay memory of assertion ids and the mapping of its failures to the error page's codes.

/** A refusal of node-saml as the error page's code (its message goes to the log only). */
function refusalOf(error: unknown): SsoError {
  if (error instanceof SsoError) return error;
  const message = (error as Error)?.message ?? String(error);
  if (error instanceof SamlStatusError) return new SsoError("REFUS_FOURNISSEUR", message.slice(0, 160));
  if (/InResponseTo/i.test(message)) return new SsoError("ETAT_INVALIDE", message.slice(0, 160));
  return new SsoError("JETON_INVALIDE", message.slice(0, 160));
}

/** The assertion's ID and the instant until which it must be remembered. */
function assertionStamp(profile: Profile, skewMs: number): { id: string; until: number } {
  const assertion = (profile.getAssertion?.() as { Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] } })
    ?.Assertion;
  const id = assertion?.$?.ID;
  if (!id) throw new SsoError("JETON_INVALIDE", "assertion sans ID");
  const notOnOrAfter = Date.parse(assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? "");
  // Without NotOnOrAfter, the id is kept as long as a request may wait.
  return { id, until: (Number.isFinite(notOnOrAfter) ? notOnOrAfter : Date.now() + SSO_STATE_TTL_MS) + skewMs };
}

/**
 * The ACS form's fields, checked here rather than by the route's schema (a browser route ends on
 * the French page, never a JSON 400): a SAMLResponse in base64 within its bound, a short RelayState.
 */
function acsForm(form: Record<string, unknown>): { SAMLResponse: string; RelayState?: string } {
  const { SAMLResponse, RelayState } = form ?? {};
  if (typeof SAMLResponse !== "string" || !SAMLResponse) throw new SsoError("JETON_INVALIDE", "formulaire sans SAMLResponse");
  if (SAMLResponse.length > SAML_RESPONSE_MAX_CHARS)
    throw new SsoError("JETON_INVALIDE", `SAMLResponse trop long (${SAMLResponse.length})`);
  if (!/^[A-Za-z0-9+/=\s]+$/.test(SAMLResponse)) throw new SsoError("JETON_INVALIDE", "SAMLResponse hors base64");
  if (RelayState !== undefined && (typeof RelayState !== "string" || RelayState.length > SAML_RELAY_STATE_MAX_CHARS))
    throw new SsoError("JETON_INVALIDE", "RelayState trop long ou multiple");
  return { SAMLResponse, ...(RelayState === undefined ? {} : { RelayState }) };
}

/**
 * Checks the IdP's HTTP-POST answer at the ACS (`root` as in spUrls): the identity it vouches
 * for and the `next` and browser binding of the request it answers (spent). Throws SsoError on any refusal.
 */
export async function finishSaml(
  deps: AppDeps,
  provider: SamlProvider,
  root: string,
  form: Record<string, unknown>,
): Promise<{ identity: SsoIdentity; next: string; binding: string; session: SamlSession | null }> {
  const body = acsForm(form);
  // SHA-1 and a replayed assertion are named before node-saml's checks (saml-response-checks.ts).
  await precheckPostedResponse(deps, provider.id, body.SAMLResponse);
  const idp = await idpMetadata(deps, provider);
  const store = samlRequestStore(deps, provider.id);
  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(provider, idp, root, store).validatePostResponseAsync(body));
  } catch (error) {
    throw refusalOf(error);
  }
  if (!profile) throw new SsoError("REFUS_FOURNISSEUR", "NoPassive");
  if (profile.issuer !== idp.entityId) throw new SsoError("JETON_INVALIDE", `émetteur ${String(profile.issuer).slice(0, 120)}`);
  const started = store.taken();
  if (!started) throw new SsoError("ETAT_INVALIDE", "requête déjà utilisée");
  const stamp = assertionStamp(profile, provider.clockSkewSeconds * 1000);
  await spendAssertion(deps, provider.id, stamp.id, stamp.until);
  const attributes = samlAttributes(profile, provider.usernameClaim);
  const subject = [attributes.subject].flat()[0];
  if (typeof subject !== "string" || !subject) throw new SsoError("IDENTIFIANT_ABSENT", provider.usernameClaim);
  return {
    identity: { subject, attributes: attributes.values },
    next: started.next,
    // The browser that started the sign-in (the ACS, a cross-site POST, carries no cookie of ours).
    binding: started.binding,
    // What a LogoutRequest will need (kept in the browser's cookie by the ACS route).
    session: samlSessionOf(provider.id, profile),
  };
}

/**
 * The SP metadata XML to give the IdP or the federation (the SP certificate when configured).
 * node-saml always writes the SingleLogoutService with the HTTP-POST binding; Planify's /slo is
 * HTTP-Redirect (the metadata is not signed, so the attribute is rewritten).
 */
export function samlSpMetadata(provider: SamlProvider, root: string): string {
  const { entityId, acs, slo } = spUrls(root);
  const xml = generateServiceProviderMetadata({
    issuer: entityId,
    callbackUrl: acs,
    logoutCallbackUrl: slo,
    wantAssertionsSigned: true,
    identifierFormat: null,
    privateKey: provider.spPrivateKey ?? undefined,
    decryptionPvk: provider.spPrivateKey ?? undefined,
    publicCerts: provider.spCertificate,
    decryptionCert: provider.spCertificate,
  });
  return xml.replace(
    '<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"',
    '<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"',
  );
}

/** `redirectUri` is `<root>/callback`; SAML answers at `<root>/acs` instead. */
const rootOf = (redirectUri: string) => redirectUri.replace(/\/callback$/, "");

export const samlKind: ProviderKind<SamlProvider> = {
  defaultUsernameClaim: "eduPersonPrincipalName",

  read(config, where) {
    if (!config.idpMetadataFile === !config.idpMetadataUrl)
      throw configError(`${where} : donnez idpMetadataFile ou idpMetadataUrl (un seul des deux).`);
    if (!config.spPrivateKeyFile !== !config.spCertificateFile)
      throw configError(`${where} : spPrivateKeyFile et spCertificateFile vont ensemble (la clé et son certificat).`);
    let metadata: IdpMetadata | null = null;
    if (config.idpMetadataFile) {
      const field = `${where}.idpMetadataFile`;
      try {
        metadata = parseIdpMetadata(readConfigText(field, config.idpMetadataFile));
      } catch (error) {
        const message = (error as Error).message;
        throw message.startsWith("PLANIFY_SSO_CONFIG") ? error : configError(`${field} : ${message}.`);
      }
    }
    const pem = (field: "spPrivateKeyFile" | "spCertificateFile", label: RegExp) => {
      const path = config[field];
      if (!path) return null;
      const text = readConfigText(`${where}.${field}`, path);
      if (!label.test(text)) throw configError(`${where}.${field} : le fichier ${path} n'est pas au format PEM attendu.`);
      return text;
    };
    return {
      idpMetadata: metadata,
      idpMetadataUrl: config.idpMetadataUrl ? checkedUrl(`${where}.idpMetadataUrl`, config.idpMetadataUrl) : null,
      spPrivateKey: pem("spPrivateKeyFile", /-----BEGIN (RSA |EC )?PRIVATE KEY-----/),
      spCertificate: pem("spCertificateFile", /-----BEGIN CERTIFICATE-----/),
      clockSkewSeconds: config.clockSkewSeconds ?? SAML_CLOCK_SKEW_DEFAULT_S,
    };
  },

  async start(deps, provider, redirectUri, next, binding) {
    const idp = await idpMetadata(deps, provider);
    const store = samlRequestStore(deps, provider.id, next, binding);
    // RelayState carries nothing: the request id (in the AuthnRequest) finds `next` again.
    const url = await samlOf(provider, idp, rootOf(redirectUri), store).getAuthorizeUrlAsync("", undefined, {});
    return { url: new URL(url), pending: {} };
  },

  async finish() {
    // A SAML IdP answers by POST at /acs, never at /callback.
    throw new SsoError("ETAT_INVALIDE", "SAML répond sur /acs");
  },

  logoutUrl(deps, provider, _postLogoutRedirectUri, { root, cookie }) {
    // SLO: a LogoutRequest naming the sign-in kept in the browser's cookie (saml-logout.ts).
    return samlLogoutUrl(deps, provider, root, cookie);
  },
};

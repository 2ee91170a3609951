import * as client from "openid-client";
import { SSO_PROVIDER_TIMEOUT_S } from "@planify/common/constants/sso";
import type { AppDeps } from "../../deps";
import { memoOf } from "../../lib/cache";
import { sha256 } from "../../lib/ids";
import { answerStatus, networkFailure, statusFailure } from "./provider-fetch";
import { checkedUrl, readSecret } from "./read-secret";
import { type OidcProvider, type ProviderKind, SsoError } from "./types";

// OpenID Connect with openid-client (over oauth4webapi): discovery, Authorization Code with
// PKCE S256, and every ID token check (issuer, audience, expiry, signature against the JWKS,
// algorithm, nonce) are the library's; this file turns the signature check on and maps its
// failures to the error page's codes.

/** The discovered provider metadata is kept an hour (it lists the signing keys' address). */
const DISCOVERY_TTL_MS = 60 * 60_000;

function timeoutOf(deps: AppDeps): number {
  return deps.sso?.timeoutSeconds ?? SSO_PROVIDER_TIMEOUT_S;
}

/** The provider's configuration: discovered once, then kept (a failure is not kept). */
async function configuration(deps: AppDeps, provider: OidcProvider): Promise<client.Configuration> {
  const memo = memoOf<client.Configuration>(deps, "sso-oidc-discovery", { max: 50 });
  // The configuration holds the client's authentication: a changed secret is another entry.
  const key = `${provider.id} ${provider.issuer} ${provider.clientId} ${sha256(provider.clientSecret ?? "")}`;
  const now = Date.now();
  const hit = memo.peek(key, now);
  if (hit) return hit;
  const secure = new URL(provider.issuer).protocol === "https:";
  try {
    const config = await client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret ?? undefined,
      provider.clientSecret ? client.ClientSecretBasic(provider.clientSecret) : client.None(),
      // The ID token's signature is checked against the provider's JWKS: openid-client skips it by
      // default for a token fetched over TLS, which the issue's « signature checked » rules out.
      // http:// is accepted only for loopback issuers (config-file.ts), i.e. a test or local provider.
      {
        timeout: timeoutOf(deps),
        execute: secure ? [client.enableNonRepudiationChecks] : [client.enableNonRepudiationChecks, client.allowInsecureRequests],
      },
    );
    return memo.set(key, config, { from: now, until: now + DISCOVERY_TTL_MS });
  } catch (error) {
    if (networkFailure(error)) throw new SsoError("ENT_INJOIGNABLE", `découverte : ${(error as Error).name}`);
    // It answered, but not a discovery document Planify can use (an HTTP error, not JSON, another issuer).
    const status = answerStatus(error);
    const failure = status !== null && status >= 500 ? statusFailure(status) : "REPONSE_ENT_INVALIDE";
    throw new SsoError(failure, `découverte refusée${status ? ` (HTTP ${status})` : ""} : ${(error as Error).message.slice(0, 120)}`);
  }
}

const DEFAULT_SCOPES = ["openid", "profile", "email"];

export const oidcKind: ProviderKind<OidcProvider> = {
  defaultUsernameClaim: "preferred_username",

  read(config, where) {
    return {
      issuer: checkedUrl(`${where}.issuer`, config.issuer),
      clientId: config.clientId,
      clientSecret: readSecret(where, "clientSecret", config.clientSecret, config.clientSecretFile),
      scopes: config.scopes ?? DEFAULT_SCOPES,
    };
  },

  async start(deps, provider, redirectUri) {
    const config = await configuration(deps, provider);
    const verifier = client.randomPKCECodeVerifier();
    const pending = { verifier, state: client.randomState(), nonce: client.randomNonce() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: provider.scopes.join(" "),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  },

  async finish(deps, provider, currentUrl, pending) {
    const error = currentUrl.searchParams.get("error");
    if (error) throw new SsoError("REFUS_FOURNISSEUR", `error=${error.slice(0, 60)}`);
    if (!pending.state || currentUrl.searchParams.get("state") !== pending.state) throw new SsoError("ETAT_INVALIDE", "state différent");
    const config = await configuration(deps, provider);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (e) {
      if (networkFailure(e)) throw new SsoError("ENT_INJOIGNABLE", `jeton : ${(e as Error).name}`);
      // A server error of the token or keys endpoint is not a refused code.
      const status = answerStatus(e);
      if (status !== null && status >= 500) throw new SsoError(statusFailure(status), `jeton : HTTP ${status}`);
      const code = (e as { code?: string; error?: string }).error ?? (e as { code?: string }).code ?? "";
      // The cause says which check failed (« JWT signature verification failed », the unexpected alg or claim).
      const cause = (e as { cause?: unknown }).cause;
      const why = cause instanceof Error ? ` : ${cause.message}` : "";
      throw new SsoError("JETON_INVALIDE", `${code} ${(e as Error).message}${why}`.trim().slice(0, 200));
    }
    const claims = tokens.claims();
    if (!claims?.sub) throw new SsoError("JETON_INVALIDE", "pas de sub");
    // An address names someone only once the provider has checked it belongs to them.
    if (provider.usernameClaim === "email" && claims.email_verified !== true)
      throw new SsoError("IDENTIFIANT_ABSENT", "email sans email_verified: true");
    return { subject: claims.sub, attributes: { ...claims } };
  },

  async logoutUrl(deps, provider, postLogoutRedirectUri) {
    const config = await configuration(deps, provider);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, { post_logout_redirect_uri: postLogoutRedirectUri, client_id: provider.clientId });
  },
};

import { SSO_PROVIDER_TIMEOUT_S } from "@planify/common/constants/sso";
import type { AppDeps } from "../../deps";
import { fetchIdpMetadata } from "./saml-metadata";
import { type CasProvider, type OidcProvider, type SamlProvider, type SsoProvider, SsoError } from "./types";

// « Tester la connexion » of the admin screen: does the provider answer where the
// configuration says, as its protocol expects? A French sentence for IT either way.

export interface CheckResult {
  reachable: boolean;
  message: string;
}

const ok = (message: string): CheckResult => ({ reachable: true, message });
const failed = (message: string): CheckResult => ({ reachable: false, message });

/** Why a request never got an answer, in French. */
function cause(error: unknown): string {
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") return "délai dépassé";
  return "connexion impossible";
}

async function get(deps: AppDeps, url: string): Promise<Response> {
  const seconds = deps.sso?.timeoutSeconds ?? SSO_PROVIDER_TIMEOUT_S;
  return fetch(url, { redirect: "manual", signal: AbortSignal.timeout(seconds * 1000) });
}

async function checkOidc(deps: AppDeps, p: OidcProvider): Promise<CheckResult> {
  const url = `${p.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let res: Response;
  try {
    res = await get(deps, url);
  } catch (error) {
    return failed(`L'émetteur ne répond pas (${cause(error)}) : vérifie son adresse et que le serveur Planify peut le joindre.`);
  }
  if (!res.ok) return failed(`La découverte OpenID Connect (${url}) a répondu ${res.status} : vérifie l'adresse de l'émetteur.`);
  // A body that is not JSON is told as such just below.
  const discovered = (await res.json().catch(() => null)) as { issuer?: unknown } | null;
  if (typeof discovered?.issuer !== "string") return failed(`${url} ne renvoie pas une découverte OpenID Connect.`);
  if (discovered.issuer !== p.issuer)
    return failed(`La découverte annonce l'émetteur « ${discovered.issuer} » au lieu de « ${p.issuer} » : recopie-le à l'identique.`);
  return ok("Connexion réussie : la découverte OpenID Connect répond et l'émetteur correspond.");
}

async function checkCas(deps: AppDeps, p: CasProvider): Promise<CheckResult> {
  let res: Response;
  try {
    res = await get(deps, `${p.casUrl}/login`);
  } catch (error) {
    return failed(`Le serveur CAS ne répond pas (${cause(error)}) : vérifie son adresse et que le serveur Planify peut le joindre.`);
  }
  if (res.status >= 400) return failed(`La page de connexion du serveur CAS (${p.casUrl}/login) a répondu ${res.status}.`);
  return ok("Connexion réussie : le serveur CAS répond.");
}

async function checkSaml(deps: AppDeps, p: SamlProvider): Promise<CheckResult> {
  if (!p.idpMetadataUrl) return ok("Métadonnées lues depuis le fichier indiqué par PLANIFY_SSO_CONFIG au démarrage.");
  try {
    // The same fetch as a sign-in's (bounded in time and size), never the kept copy.
    await fetchIdpMetadata(deps, p.idpMetadataUrl);
  } catch (error) {
    if (error instanceof SsoError) return failed(error.detail);
    throw error;
  }
  return ok("Connexion réussie : les métadonnées SAML de l'IdP sont lisibles.");
}

/** Tries the provider as its kind says. Never throws: a failure is a French result. */
export function checkProvider(deps: AppDeps, provider: SsoProvider): Promise<CheckResult> {
  switch (provider.kind) {
    case "oidc":
      return checkOidc(deps, provider);
    case "cas":
      return checkCas(deps, provider);
    case "saml":
      return checkSaml(deps, provider);
  }
}

/**
 * ENT sign-in (single sign-on through the school's CAS, OpenID Connect or SAML provider):
 * the rules and French messages the server and the web app share.
 */
import { PAGE_PATHS, SSO_FRAGMENT_KEY } from "./page-paths";

/** Provider kinds: CAS 3.0, OpenID Connect and SAML 2.0 (server/src/features/sso/kinds.ts). */
export const SSO_KINDS = ["oidc", "cas", "saml"] as const;
export type SsoKind = (typeof SSO_KINDS)[number];

/**
 * Account policies: sign in to existing accounts only (default), or create them at first sign-in
 * with the role the provider's mapping gives (admin only for a value mapped to it explicitly).
 */
export const SSO_POLICIES = ["existing", "provision"] as const;
export type SsoPolicy = (typeof SSO_POLICIES)[number];

/** The web page that shows a failed ENT sign-in (`?erreur=<code>`). Both strings live in
 * page-paths.ts, which the web app's first page takes without this module's texts. */
export const SSO_ERROR_PAGE = PAGE_PATHS.ssoError;
export { SSO_FRAGMENT_KEY };
/** Where the browser lands when `next` is absent or refused. */
export const SSO_DEFAULT_NEXT = "/devoirs";
/** How long a started sign-in may take at the provider (state cookie, SAML request row, browser binding). */
export const SSO_STATE_TTL_MS = 10 * 60_000;
/** How long the one-time code of a finished sign-in may wait for the exchange, in the browser that started it. */
export const SSO_CODE_TTL_MS = 60_000;
/** Longest wait for the provider, body included (OIDC discovery, token and keys; CAS validation; SAML metadata). */
export const SSO_PROVIDER_TIMEOUT_S = 10;

/** Why an ENT sign-in failed: the `erreur` of the error page, with its French message. */
export const SSO_FAILURES = {
  FOURNISSEUR_INCONNU: "Ce moyen de connexion ENT n'existe pas ou a été désactivé par ton établissement.",
  ETAT_INVALIDE: "La connexion a expiré ou a été ouverte ailleurs. Recommence depuis la fenêtre de connexion de Planify.",
  REFUS_FOURNISSEUR: "L'ENT a refusé ou interrompu la connexion. Recommence, ou contacte le service informatique de ton établissement.",
  TICKET_REFUSE: "Le ticket de l'ENT a expiré ou a déjà servi. Recommence la connexion depuis Planify.",
  JETON_INVALIDE: "La réponse de l'ENT n'a pas pu être vérifiée. Recommence ; si cela continue, préviens le service informatique.",
  IDENTIFIANT_ABSENT: "L'ENT n'a pas transmis ton identifiant : Planify ne peut pas savoir qui tu es.",
  COMPTE_INTROUVABLE:
    "Aucun compte Planify ne correspond à ton identifiant ENT. Demande à l'administration de ton établissement de créer ton compte.",
  STATUT_NON_RECONNU: "Ton statut à l'université ne permet pas de créer un compte Planify. Contacte l'administration.",
  IDENTITE_DEJA_LIEE: "Ce compte Planify est déjà lié à une autre identité ENT. Contacte l'administration pour le délier.",
  ENT_INJOIGNABLE: "L'ENT ne répond pas pour le moment. Réessaie dans quelques minutes.",
  REPONSE_ENT_INVALIDE:
    "L'ENT a répondu, mais par une erreur ou une réponse que Planify ne sait pas lire. Réessaie plus tard ; si cela continue, préviens le service informatique de ton établissement.",
  ASSERTION_REJOUEE: "Cette réponse de l'ENT a déjà servi. Recommence la connexion.",
  SIGNATURE_FAIBLE:
    "L'ENT a signé sa réponse avec un algorithme trop faible (SHA-1), que Planify refuse. Préviens le service informatique de ton établissement : il doit passer à SHA-256.",
  NAVIGATEUR_DIFFERENT:
    "Cette connexion ENT a été commencée dans un autre navigateur. Par sécurité, recommence-la depuis la fenêtre de connexion de Planify, ici.",
} as const;
export type SsoFailure = keyof typeof SSO_FAILURES;

/**
 * `next` when it is a path of this site ("/devoirs?x=1"), otherwise the default: one leading
 * "/", not "//", no backslash, no scheme, no control character (no open redirect).
 */
export function safeNextPath(next: string | undefined | null): string {
  if (!next || next.length > 512) return SSO_DEFAULT_NEXT;
  // Browsers read "/\\host" as "//host" and drop tabs and newlines: all refused, as are spaces
  // and "#" (the one-time code follows in the fragment).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (!next.startsWith("/") || next.startsWith("//") || /[\\\s#\u0000-\u001f\u007f]/.test(next)) return SSO_DEFAULT_NEXT;
  return next;
}

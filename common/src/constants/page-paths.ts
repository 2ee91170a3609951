/**
 * Web pages the server names too (in the links it mails). Kept apart from the features'
 * constants so that the web app's router, on every first page, takes these strings only.
 */
export const PAGE_PATHS = {
  /** Where the e-mail confirmation link lands (the token follows after '#'). */
  emailConfirmation: "/confirmer-email",
  /** Where a refused ENT sign-in lands (`?erreur=<code>`). */
  ssoError: "/connexion-ent",
} as const;

/** The fragment key carrying an ENT sign-in's one-time code back to the web app (`#connexion-ent=<code>`). */
export const SSO_FRAGMENT_KEY = "connexion-ent";

import { SSO_ERROR_PAGE } from "./sso";

/**
 * Web pages the server names too (in the links it mails). Kept apart from the features'
 * constants so that the web app's router, on every first page, takes these strings only.
 */
export const PAGE_PATHS = {
  /** Where the e-mail confirmation link lands (the token follows after '#'). */
  emailConfirmation: "/confirmer-email",
  /** Where a refused ENT sign-in lands (`?erreur=<code>`). */
  ssoError: SSO_ERROR_PAGE,
} as const;

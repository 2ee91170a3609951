// Which provider's button this tab followed: the session made on return remembers it, so
// that its logout ends the provider's session too (lib/session.ts).

/** Tab storage key of that provider's id. */
export const SSO_STARTED_KEY = "planify.sso-provider";

/** Notes, in this tab, which provider's button was followed: the session made on return remembers it. */
export function rememberSsoStart(providerId: string): void {
  try {
    sessionStorage.setItem(SSO_STARTED_KEY, providerId);
  } catch {
    // Storage refused (private mode): the ENT logout falls back to the local logout.
  }
}

/** The provider this tab went to (null: unknown), forgotten once read. */
export function takeSsoStart(): string | null {
  try {
    const id = sessionStorage.getItem(SSO_STARTED_KEY);
    sessionStorage.removeItem(SSO_STARTED_KEY);
    return id;
  } catch {
    // Storage refused: the provider is unknown, the ENT logout falls back to the local logout.
    return null;
  }
}

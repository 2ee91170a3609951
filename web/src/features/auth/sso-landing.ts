// The return from an ENT sign-in: the server sends the browser to `next#connexion-ent=<code>`.
// main.tsx calls takeSsoCodeFromUrl() before anything else runs, so the one-time code leaves
// the address bar (and the history entry) before a script, the router or a bookmark sees it;
// the auth popups (auth-dialogs.tsx) then exchange it for the session.
import { SSO_FRAGMENT_KEY } from "@planify/common/constants/sso";

/** Tab storage key: the provider whose button this tab followed (for the ENT logout). */
export const SSO_STARTED_KEY = "planify.sso-provider";

let pending: string | null = null;

/** Takes `#connexion-ent=<code>` out of the address (history.replaceState) and keeps the code. */
export function takeSsoCodeFromUrl(): void {
  const prefix = `#${SSO_FRAGMENT_KEY}=`;
  const { hash, pathname, search } = window.location;
  if (!hash.startsWith(prefix)) return;
  window.history.replaceState(window.history.state, "", pathname + search);
  pending = hash.slice(prefix.length) || null;
}

/** The code taken from the address, handed out once (React's strict mode runs effects twice). */
export function pendingSsoCode(): string | null {
  const code = pending;
  pending = null;
  return code;
}

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

// The return from an ENT sign-in: the server sends the browser to `next#connexion-ent=<code>`.
// main.tsx calls takeSsoCodeFromUrl() before anything else runs, so the one-time code leaves
// the address bar (and the history entry) before a script, the router or a bookmark sees it;
// the auth popups (auth-dialogs.tsx) then exchange it for the session (sso-exchange.ts, loaded
// only then). This module is part of every first page: keep it this small.
import { SSO_FRAGMENT_KEY } from "@planify/common/constants/page-paths";

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

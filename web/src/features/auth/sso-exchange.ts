import { DEFAULT_ERROR_MESSAGES } from "@planify/common/errors";
import type { LoginResponse } from "@planify/common/schemas/users";
import { errorText } from "../../lib/api";
import type { SignedIn } from "../../lib/session";
import { exchangeSsoCode } from "./api/auth-api";
import { takeSsoStart } from "./sso-start";

/** What a landing gives the popups: the login answer, marked as coming through the ENT. */
export type SsoSignedIn = LoginResponse & SignedIn;

export interface SsoLandingHandlers {
  /** The same path as a password login (auth-dialogs.tsx `loggedIn`). */
  signIn(login: SsoSignedIn): void;
  /** A refused or expired code: the server's French message; the visitor stays a guest. */
  refuse(message: string): void;
}

/**
 * Back from the ENT with a one-time code (taken out of the address by main.tsx): exchanges it
 * for the login answer, marked as an ENT sign-in with the provider this tab went to. Loaded
 * only on that return, so neither the typed client nor the messages weigh on the first page.
 */
export async function exchangeSsoLanding(code: string, handlers: SsoLandingHandlers): Promise<void> {
  const provider = takeSsoStart();
  try {
    const login = await exchangeSsoCode(code);
    handlers.signIn({ ...login, throughEnt: true, ...(provider && { ssoProvider: provider }) });
  } catch (error) {
    handlers.refuse(errorText(error, DEFAULT_ERROR_MESSAGES.SSO_CODE_INVALID));
  }
}

import { useEffect, useRef } from "react";
import type { LoginResponse } from "@planify/common/schemas/users";
import type { SignedIn } from "../../lib/session";
import { pendingSsoCode, takeSsoStart } from "./sso-landing";

/** What a landing gives the popups: the login answer, marked as coming through the ENT. */
export type SsoSignedIn = LoginResponse & SignedIn;

/**
 * Back from the ENT with a one-time code (taken out of the address by main.tsx): exchanges it
 * for the login answer and hands that to `signIn`, the same path as a password login; a
 * refused or expired code gives `refuse` the server's French message (the user stays a guest).
 */
export function useSsoLanding(signIn: (login: SsoSignedIn) => void, refuse: (message: string) => void): void {
  const handlers = useRef({ signIn, refuse });
  handlers.current = { signIn, refuse };
  useEffect(() => {
    const code = pendingSsoCode();
    if (!code) return;
    const provider = takeSsoStart();
    // The typed client and the messages load only on this rare path: they stay off the first page.
    void Promise.all([import("./api/auth-api"), import("../../lib/api"), import("@planify/common/errors")]).then(
      async ([{ exchangeSsoCode }, { errorText }, { DEFAULT_ERROR_MESSAGES }]) => {
        try {
          const login = await exchangeSsoCode(code);
          handlers.current.signIn({ ...login, throughEnt: true, ...(provider && { ssoProvider: provider }) });
        } catch (error) {
          handlers.current.refuse(errorText(error, DEFAULT_ERROR_MESSAGES.SSO_CODE_INVALID));
        }
      },
    );
  }, []);
}

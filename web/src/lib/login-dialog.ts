// The handle every screen uses to open the login popup. The popups themselves belong to the
// auth feature (features/auth/auth-dialogs.tsx provides this context); keeping the handle
// here lets pages and shared components ask for a login without importing that feature.
import { createContext, useContext } from "react";

export interface OpenLoginOptions {
  /** Called after a completed login (secret questions set). */
  onSuccess?: () => void;
  /** Pre-fills the username. */
  username?: string;
}

export interface AuthDialogs {
  openLogin(options?: OpenLoginOptions): void;
  /** Starts downloading the popups (they are not part of the first page), e.g. on hover. */
  preload(): void;
}

export const AuthDialogsContext = createContext<AuthDialogs>({ openLogin: () => undefined, preload: () => undefined });

/** Opens the login popup from anywhere under <AuthDialogsProvider>. */
export function useAuthDialogs(): AuthDialogs {
  return useContext(AuthDialogsContext);
}

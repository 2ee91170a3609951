// STUB: placeholder created by the lead so other features compile; the auth helper replaces it.
// Contract: <AuthDialogsProvider> wraps the app; useAuthDialogs().openLogin({ onSuccess })
// opens the login popup (and, after a login without secret questions, the forced setup).
import type { ReactNode } from "react";

export interface OpenLoginOptions {
  /** Called after a completed login (secret questions set). */
  onSuccess?: () => void;
}

export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

export function useAuthDialogs(): { openLogin(options?: OpenLoginOptions): void } {
  return { openLogin: () => {} };
}

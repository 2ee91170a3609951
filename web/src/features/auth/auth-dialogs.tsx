// The authentication popups (login, recovery, secret questions), driven from one place.
// The shell wraps the app in <AuthDialogsProvider>; screens open the login through lib/login-dialog.
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import type { LoginResponse } from "@planify/common/schemas/users";
import { AuthDialogsContext, type OpenLoginOptions } from "../../lib/login-dialog";
import { clearSession, saveLogin } from "../../lib/session";
import { FirstPasswordDialog } from "./first-password-dialog";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { LoginDialog } from "./login-dialog";
import { SecretQuestionsDialog } from "./secret-questions-dialog";
import { SuccessDialog } from "./success-dialog";
import { useSessionCheck } from "./use-session-check";

/** Window event fired after a successful password reset, so any screen can react. */
export const PASSWORD_RESET_EVENT = "password-reset-success";

type View =
  | { kind: "login"; username?: string }
  | { kind: "forgot" }
  | { kind: "setup"; login: LoginResponse; rememberMe: boolean }
  | { kind: "first-password"; login: LoginResponse; rememberMe: boolean }
  | { kind: "success"; title: string; message: string; after: () => void }
  | null;

export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<View>(null);
  const onSuccess = useRef<(() => void) | undefined>(undefined);
  useSessionCheck();

  const openLogin = useCallback((options: OpenLoginOptions = {}) => {
    onSuccess.current = options.onSuccess;
    setView({ kind: "login", username: options.username });
  }, []);

  const finishLogin = useCallback(() => {
    setView(null);
    const done = onSuccess.current;
    onSuccess.current = undefined;
    done?.();
  }, []);

  const close = useCallback(() => {
    onSuccess.current = undefined;
    setView(null);
  }, []);

  function loggedIn(login: LoginResponse, rememberMe: boolean) {
    if (login.mustChangePassword) {
      // An imported account: its own password first, then (usually) its secret questions.
      setView({ kind: "first-password", login, rememberMe });
    } else if (login.hasSecretQuestions) {
      saveLogin(login, rememberMe);
      finishLogin();
    } else {
      // No session is kept until the questions are saved: closing the setup logs out.
      setView({ kind: "setup", login, rememberMe });
    }
  }

  function questionsSaved() {
    if (view?.kind !== "setup") return;
    saveLogin({ ...view.login, hasSecretQuestions: true }, view.rememberMe);
    setView({
      kind: "success",
      title: "Questions secrètes enregistrées",
      message: "Votre compte est sécurisé. Vous êtes maintenant connecté.",
      after: finishLogin,
    });
  }

  function passwordReset(username: string, newPassword: string) {
    window.dispatchEvent(new CustomEvent(PASSWORD_RESET_EVENT, { detail: { username, newPassword } }));
    setView({
      kind: "success",
      title: "Mot de passe réinitialisé",
      message: "Votre mot de passe a bien été modifié. Connectez-vous avec le nouveau.",
      after: () => setView({ kind: "login", username }),
    });
  }

  const value = useMemo(() => ({ openLogin }), [openLogin]);
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <LoginDialog open={view?.kind === "login"} initialUsername={view?.kind === "login" ? view.username : undefined}
        onClose={close} onForgotPassword={() => setView({ kind: "forgot" })} onLoggedIn={loggedIn} />
      <ForgotPasswordDialog open={view?.kind === "forgot"} onClose={close}
        onBackToLogin={() => setView({ kind: "login" })} onReset={passwordReset} />
      <SecretQuestionsDialog login={view?.kind === "setup" ? view.login : null} onSaved={questionsSaved}
        onCancel={() => { clearSession(); close(); }} />
      <FirstPasswordDialog login={view?.kind === "first-password" ? view.login : null} rememberMe={view?.kind === "first-password" && view.rememberMe}
        onChosen={(next) => loggedIn(next, view?.kind === "first-password" && view.rememberMe)} onCancel={() => { clearSession(); close(); }} />
      <SuccessDialog content={view?.kind === "success" ? view : null} onClose={() => view?.kind === "success" && view.after()} />
    </AuthDialogsContext.Provider>
  );
}


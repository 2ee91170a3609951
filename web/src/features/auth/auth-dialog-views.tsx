// The authentication popups themselves, driven by <AuthDialogsProvider> (auth-dialogs.tsx),
// which loads this module on first use.
import type { LoginResponse } from "@planify/common/schemas/users";
import { clearSession } from "../../lib/session";
import { FirstPasswordDialog } from "./first-password-dialog";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { LoginDialog } from "./login-dialog";
import { SecretQuestionsDialog } from "./secret-questions-dialog";
import { SuccessDialog } from "./success-dialog";

export type View =
  | { kind: "login"; username?: string; error?: string }
  | { kind: "forgot" }
  | { kind: "setup"; login: LoginResponse; rememberMe: boolean }
  | { kind: "first-password"; login: LoginResponse; rememberMe: boolean }
  | { kind: "success"; title: string; message: string; after: () => void }
  | null;

export interface AuthDialogViewsProps {
  view: View;
  setView(view: View): void;
  close(): void;
  loggedIn(login: LoginResponse, rememberMe: boolean): void;
  questionsSaved(): void;
  passwordReset(username: string, newPassword: string): void;
}

export default function AuthDialogViews({ view, setView, close, loggedIn, questionsSaved, passwordReset }: AuthDialogViewsProps) {
  return (
    <>
      <LoginDialog
        open={view?.kind === "login"}
        initialUsername={view?.kind === "login" ? view.username : undefined}
        initialError={view?.kind === "login" ? view.error : undefined}
        onClose={close}
        onForgotPassword={() => setView({ kind: "forgot" })}
        onLoggedIn={loggedIn}
      />
      <ForgotPasswordDialog
        open={view?.kind === "forgot"}
        onClose={close}
        onBackToLogin={() => setView({ kind: "login" })}
        onReset={passwordReset}
      />
      <SecretQuestionsDialog
        login={view?.kind === "setup" ? view.login : null}
        onSaved={questionsSaved}
        onCancel={() => {
          clearSession();
          close();
        }}
      />
      <FirstPasswordDialog
        login={view?.kind === "first-password" ? view.login : null}
        rememberMe={view?.kind === "first-password" && view.rememberMe}
        onChosen={(next) => loggedIn(next, view?.kind === "first-password" && view.rememberMe)}
        onCancel={() => {
          clearSession();
          close();
        }}
      />
      <SuccessDialog content={view?.kind === "success" ? view : null} onClose={() => view?.kind === "success" && view.after()} />
    </>
  );
}

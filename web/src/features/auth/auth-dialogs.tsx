// The authentication popups (login, recovery, secret questions), driven from one place.
// The shell wraps the app in <AuthDialogsProvider>; screens open the login through lib/login-dialog.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { LoginResponse } from "@planify/common/schemas/users";
import { useDialogTurn } from "../../lib/dialog-queue";
import { AuthDialogsContext, type OpenLoginOptions } from "../../lib/login-dialog";
import { saveLogin } from "../../lib/session";
import type { View } from "./auth-dialog-views";
import { useSessionCheck } from "./use-session-check";

// The popups (forms, recovery, the dialog primitives) are split out of the first page: they
// load when one first opens, or earlier when the pointer nears a login button (`preload` of the context).
const loadViews = () => import("./auth-dialog-views");
const AuthDialogViews = lazy(loadViews);

/** Window event fired after a successful password reset, so any screen can react. */
export const PASSWORD_RESET_EVENT = "password-reset-success";

export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<View>(null);
  const onSuccess = useRef<(() => void) | undefined>(undefined);
  // Once loaded the popups stay mounted, so closing one animates and gives focus back.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (view) setMounted(true);
  }, [view]);
  useSessionCheck();
  // The whole flow (login → questions → success) holds one turn of the dialog queue.
  const turn = useDialogTurn(view !== null);

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
    } else if (login.hasSecretQuestions || login.ent) {
      // An ENT account has no Planify password to recover: no secret questions.
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

  const value = useMemo(() => ({ openLogin, preload: () => void loadViews() }), [openLogin]);
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {(mounted || view) && (
        <Suspense fallback={null}>
          <AuthDialogViews
            view={turn ? view : null}
            setView={setView}
            close={close}
            loggedIn={loggedIn}
            questionsSaved={questionsSaved}
            passwordReset={passwordReset}
          />
        </Suspense>
      )}
    </AuthDialogsContext.Provider>
  );
}

// The authentication popups (login, recovery, secret questions), driven from one place.
// The shell wraps the app in <AuthDialogsProvider>; screens open the login through lib/login-dialog.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useDialogTurn } from "../../lib/dialog-queue";
import { AuthDialogsContext, type OpenLoginOptions } from "../../lib/login-dialog";
import { saveLogin } from "../../lib/session";
import type { View } from "./auth-dialog-views";
import { useSessionCheck } from "./use-session-check";
import type { SsoSignedIn } from "./sso-exchange";
import { pendingSsoCode } from "./sso-landing";

// The popups (forms, recovery, the dialog primitives) are split out of the first page: they
// load when one first opens, or earlier when the pointer nears a login button (`preload` of the context).
const loadViews = () => import("./auth-dialog-views");
const AuthDialogViews = lazy(loadViews);

/** Window event fired after a successful password reset, so any screen can react. */
export const PASSWORD_RESET_EVENT = "password-reset-success";

/**
 * Whether a login skips the password steps (an imported account's first password, the secret
 * questions): a sign-in that came back from the ENT, or an account the server says is tied to
 * an ENT identity (`ent`), has no Planify password to choose or recover.
 */
export function skipsPasswordSteps(login: SsoSignedIn): boolean {
  return login.throughEnt === true || login.ent === true;
}

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

  function loggedIn(login: SsoSignedIn, rememberMe: boolean) {
    if (skipsPasswordSteps(login)) {
      saveLogin(login, rememberMe);
      finishLogin();
    } else if (login.mustChangePassword) {
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

  // Back from the ENT: the same path as a password login ("Rester connecté", as the server's
  // cookie of that sign-in lasts); a refused code reopens the login popup with its message.
  const landing = useRef({
    signIn: (login: SsoSignedIn) => loggedIn(login, true),
    refuse: (error: string) => setView({ kind: "login", error }),
  });
  useEffect(() => {
    const code = pendingSsoCode();
    if (!code) return;
    void import("./sso-exchange")
      .then((m) => m.exchangeSsoLanding(code, landing.current))
      // The module could not load (offline, or replaced by an update): the visitor stays a guest,
      // as after a refused code, and the offline banner says why; the code expires on its own.
      .catch(() => undefined);
  }, []);

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

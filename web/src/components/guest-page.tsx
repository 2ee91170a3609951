import { useEffect, useRef, type ReactNode } from "react";
import { useAuthDialogs } from "../lib/login-dialog";
import { Button } from "./button";
import { CheckIcon } from "./icons";
import { LockIcon } from "./page-icons";
import { LoginPrompt } from "./login-prompt";
import { Page } from "./page";
import styles from "./guest-page.module.css";

export interface GuestPageProps {
  /** The page's h1, the same a logged-in user sees. */
  title: string;
  /** One sentence on what the page holds. */
  intro: ReactNode;
  /** What a session unlocks here, one line each. */
  features: string[];
  /** The slide-in prompt's text. */
  prompt: string;
  /** Opens the login popup on arrival (the timetable does). */
  openLoginOnArrival?: boolean;
}

/**
 * What a guest sees on a page that needs a session: what is behind it, a login button, and
 * the slide-in prompt. Logging in reloads the page, as the prompt always did.
 */
export function GuestPage({ title, intro, features, prompt, openLoginOnArrival }: GuestPageProps) {
  const { openLogin } = useAuthDialogs();
  const opened = useRef(false);
  useEffect(() => {
    if (!openLoginOnArrival || opened.current) return;
    opened.current = true;
    openLogin({ onSuccess: () => window.location.reload() });
  }, [openLoginOnArrival, openLogin]);

  return (
    <Page title={title} intro={intro}>
      <section className={styles.card} aria-labelledby="guest-features">
        <span className={styles.lock} aria-hidden="true">
          <LockIcon size={28} />
        </span>
        <div>
          <h2 id="guest-features" className={styles.heading}>
            Réservé aux étudiants et enseignants connectés
          </h2>
          <ul className={styles.features}>
            {features.map((f) => (
              <li key={f}>
                <CheckIcon size={18} />
                {f}
              </li>
            ))}
          </ul>
          <Button onClick={() => openLogin({ onSuccess: () => window.location.reload() })}>Se connecter</Button>
        </div>
      </section>
      <LoginPrompt message={prompt} />
    </Page>
  );
}

// The alert and confirm popups of <NotificationsProvider>, split out of the first page: they
// load the first time a screen asks a question.
import { Button } from "./button";
import { Dialog } from "./dialog";
import type { AlertOptions, ConfirmOptions } from "./notifications";
import styles from "./notifications.module.css";

export type Ask =
  | { kind: "alert"; options: AlertOptions; done: () => void }
  | { kind: "confirm"; options: ConfirmOptions; done: (ok: boolean) => void };

export default function NotificationDialogs({ ask, answer }: { ask: Ask | null; answer: (ok: boolean) => void }) {
  return (
    <>
      <Dialog open={ask?.kind === "alert"} onOpenChange={(o) => !o && answer(false)} title={ask?.options.title ?? ""} width={440}>
        <div className={styles.message}>{ask?.options.message}</div>
        <div className={styles.actions}>
          <Button onClick={() => answer(true)}>OK</Button>
        </div>
      </Dialog>
      <Dialog open={ask?.kind === "confirm"} onOpenChange={(o) => !o && answer(false)} title={ask?.options.title ?? ""} width={420}>
        <div className={styles.message}>{ask?.options.message}</div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => answer(false)}>
            {(ask?.kind === "confirm" && ask.options.no) || "Non"}
          </Button>
          <Button onClick={() => answer(true)}>{(ask?.kind === "confirm" && ask.options.yes) || "Oui"}</Button>
        </div>
      </Dialog>
    </>
  );
}

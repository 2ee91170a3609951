import { useRef, useState } from "react";
import { CALENDAR_MESSAGES } from "@planify/common/constants/calendar";
import { Button } from "../../../components/button";
import { errorText } from "../../../lib/api";
import { useSession } from "../../../lib/use-session";
import { useCalendarFeed, useRegenerateCalendarFeed } from "../api/calendar-api";
import styles from "../../../components/profile-sections.module.css";

const LOAD_FAILED = "Impossible de lire l'adresse du calendrier.";
const REGENERATE_FAILED = "Impossible de créer un nouveau lien.";

/**
 * The personal calendar feed: its secret address to paste in Google Agenda, Apple Calendrier
 * or Outlook, a copy button, and a new address on demand (after a confirmation, since every
 * calendar that uses the old one stops updating).
 */
export function CalendarSection() {
  const signedIn = useSession() !== null;
  const feed = useCalendarFeed(signedIn);
  const regenerate = useRegenerateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const url = feed.data?.url ?? "";

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus({ ok: true, text: CALENDAR_MESSAGES.copied });
    } catch {
      input.current?.select();
      setStatus({ ok: false, text: CALENDAR_MESSAGES.copyFailed });
    }
  }

  function confirmRegenerate() {
    setConfirming(false);
    regenerate.mutate(undefined, {
      onSuccess: (res) => setStatus({ ok: true, text: res.message }),
      onError: (error) => setStatus({ ok: false, text: errorText(error, REGENERATE_FAILED) }),
    });
  }

  return (
    <section className={styles.section} aria-labelledby="edit-calendar-title">
      <h3 id="edit-calendar-title" className={styles.sectionTitle}>
        Mes devoirs dans mon agenda
      </h3>
      <p className={styles.hint}>
        Collez ce lien dans Google Agenda (« À partir de l'URL »), Apple Calendrier ou Outlook : vos devoirs et examens s'y ajoutent et se
        mettent à jour seuls. Il donne accès à vos tâches : ne le partagez pas.
      </p>
      <label htmlFor="edit-calendar-url" className={styles.field}>
        Adresse de votre calendrier
        <input
          id="edit-calendar-url"
          ref={input}
          className={`${styles.input} ${styles.mono}`}
          readOnly
          value={feed.isPending ? "Chargement…" : url}
          aria-describedby="edit-calendar-status"
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      {feed.isError && (
        <p className={styles.error} role="alert">
          {errorText(feed.error, LOAD_FAILED)}
        </p>
      )}
      {confirming ? (
        <div className={styles.confirm}>
          <p id="edit-calendar-confirm" className={styles.hint}>
            L'ancien lien cessera de fonctionner dans tous les agendas où il est collé.
          </p>
          <div className={styles.row}>
            <Button variant="danger" size="small" onClick={confirmRegenerate}>
              Créer un nouveau lien
            </Button>
            <Button variant="ghost" size="small" onClick={() => setConfirming(false)}>
              Annuler
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.row}>
          <Button size="small" onClick={copy} disabled={!url}>
            Copier le lien
          </Button>
          {feed.data && (
            <a className={styles.link} href={feed.data.webcalUrl}>
              Ouvrir dans l'agenda
            </a>
          )}
          <Button
            variant="ghost"
            size="small"
            disabled={!url || regenerate.isPending}
            onClick={() => {
              setStatus(null);
              setConfirming(true);
            }}
          >
            {regenerate.isPending ? "Création…" : "Régénérer le lien"}
          </Button>
        </div>
      )}
      <p
        id="edit-calendar-status"
        className={status ? (status.ok ? styles.ok : styles.error) : styles.hint}
        role={status ? (status.ok ? "status" : "alert") : undefined}
      >
        {status?.text ?? ""}
      </p>
    </section>
  );
}

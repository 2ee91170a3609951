import { useState, type FormEvent } from "react";
import { Button } from "../../../components/button";
import { errorText } from "../../../lib/api";
import { useSaveOwnTimetable, useTimetableSources } from "../api/lessons-api";
import styles from "../timetable.module.css";

const FAILED = "Enregistrement impossible.";

/**
 * The student's own calendar address (their school's ADE or Hyperplanning export, a Google
 * Agenda link…): checked by the server before it is kept, removable at any time.
 */
export function OwnTimetableForm() {
  const sources = useTimetableSources(true);
  const save = useSaveOwnTimetable();
  const [draft, setDraft] = useState<string | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const saved = sources.data?.mine ?? "";
  const value = draft ?? saved;

  function submit(url: string | null) {
    setStatus(null);
    save.mutate(url, {
      onSuccess: (res) => {
        setDraft(null);
        setStatus({ ok: true, text: res.message });
      },
      onError: (error) => setStatus({ ok: false, text: errorText(error, FAILED) }),
    });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!value.trim()) return setStatus({ ok: false, text: "Collez d'abord l'adresse de votre calendrier." });
    submit(value.trim());
  }

  return (
    <section className={styles.sources} aria-labelledby="own-timetable-title">
      <h2 id="own-timetable-title">Mes cours dans Planify</h2>
      <p className={styles.sourcesHint}>
        {sources.data?.hasClassTimetable
          ? "L'emploi du temps de votre classe est déjà affiché. Vous pouvez y ajouter un autre calendrier (option, sport, travail…)."
          : "Collez le lien .ics de votre emploi du temps (ADE, Hyperplanning, Google Agenda…) : vos cours s'affichent à côté de vos devoirs."}
      </p>
      <form className={styles.sourcesForm} onSubmit={onSubmit} noValidate>
        <label>
          Adresse du calendrier (.ics)
          <input
            type="url"
            inputMode="url"
            value={value}
            placeholder="https://…/emploi-du-temps.ics"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="own-timetable-status"
            onChange={(e) => {
              setDraft(e.target.value);
              setStatus(null);
            }}
          />
        </label>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Vérification…" : "Enregistrer"}
        </Button>
        <Button variant="ghost" disabled={!saved || save.isPending} onClick={() => submit(null)}>
          Retirer
        </Button>
      </form>
      <p
        id="own-timetable-status"
        className={status ? (status.ok ? styles.ok : styles.problem) : styles.sourcesHint}
        role={status ? (status.ok ? "status" : "alert") : undefined}
      >
        {status?.text ?? ""}
      </p>
    </section>
  );
}

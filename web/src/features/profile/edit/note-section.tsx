import { useState, type FormEvent } from "react";
import { PUBLIC_NOTE_MAX, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { Button } from "../../../components/button";
import { NOT_SIGNED_IN } from "../../../lib/api";
import { getToken } from "../../../lib/session";
import { noteErrorText, useSavePublicNote } from "../api/profile-mutations";
import styles from "../../../components/profile-sections.module.css";

/** The public note (60 characters), its counter and its save states. */
export function NoteSection({ initial }: { initial: string }) {
  const [note, setNote] = useState(initial);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useSavePublicNote();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!getToken()) return setStatus({ ok: false, text: NOT_SIGNED_IN });
    setStatus(null);
    save.mutate(note.slice(0, PUBLIC_NOTE_MAX), {
      onSuccess: (res) => {
        setNote(res.publicNote);
        setStatus({ ok: true, text: SOCIAL_MESSAGES.noteSaved });
      },
      onError: (error) => setStatus({ ok: false, text: noteErrorText(error) }),
    });
  }

  return (
    <section className={styles.section} aria-labelledby="edit-note-title">
      <h3 id="edit-note-title" className={styles.sectionTitle}>
        Note publique
      </h3>
      <form className={styles.noteForm} onSubmit={submit} noValidate>
        <label htmlFor="edit-note-input" className="visually-hidden">
          Note publique
        </label>
        <input
          id="edit-note-input"
          className={styles.input}
          value={note}
          maxLength={PUBLIC_NOTE_MAX}
          placeholder={`Écris une note (max ${PUBLIC_NOTE_MAX} caractères)`}
          aria-describedby="edit-note-count"
          autoComplete="off"
          onChange={(e) => {
            setNote(e.target.value);
            setStatus(null);
          }}
        />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Enregistrement…" : "Enregistrer"}
        </Button>
      </form>
      <div className={styles.noteFoot}>
        <span id="edit-note-count" className={styles.counter}>
          {note.length}/{PUBLIC_NOTE_MAX}
        </span>
        {status && (
          <span className={status.ok ? styles.ok : styles.error} role={status.ok ? "status" : "alert"}>
            {status.text}
          </span>
        )}
      </div>
    </section>
  );
}

import { useState } from "react";
import type { PatchNote } from "@planify/common/schemas/social";
import { SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { QueryError } from "../../components/query-state";
import { RichHtml } from "../../components/rich-html";
import { markPatchNotesSeen } from "../../lib/patch-notes-seen";
import { usePatchNotes } from "./api/patch-notes-api";
import { patchNoteDate } from "./patch-note-date";
import styles from "./patch-notes-section.module.css";

/** Placeholder cards while the list loads, the same height as real ones: nothing jumps. */
const SKELETONS = 2;

/** 'Mises à jour': one card per published note; a card opens the note, which marks the notes seen. */
export function PatchNotesSection() {
  const query = usePatchNotes();
  const { data: notes, isPending } = query;
  const [open, setOpen] = useState<PatchNote | null>(null);

  function show(note: PatchNote) {
    setOpen(note);
    // The dot goes in this tab and, through the storage event, in the others.
    markPatchNotesSeen(notes?.[0]?.createdAt);
  }

  return (
    <section className={styles.section} aria-labelledby="about-updates" aria-busy={isPending}>
      <h2 id="about-updates" className={styles.h2}>
        Mises à jour
      </h2>
      <p className={styles.intro}>Les nouveautés de Planify, de la plus récente à la plus ancienne.</p>
      {query.isError && !notes ? (
        <QueryError
          text="Impossible de charger les mises à jour."
          error={query.error}
          onRetry={query.refetch}
          retrying={query.isFetching}
        />
      ) : isPending ? (
        <ul className={styles.list} aria-hidden="true">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li key={i} className={`${styles.card} ${styles.skeleton}`} />
          ))}
        </ul>
      ) : notes?.length ? (
        <ul className={styles.list} data-testid="patch-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <button type="button" className={styles.card} onClick={() => show(note)}>
                <span className={styles.meta}>
                  {note.version && <span className={styles.version}>v{note.version.replace(/^v/i, "")}</span>}
                  <time dateTime={note.createdAt}>{patchNoteDate(note.createdAt)}</time>
                </span>
                <span className={styles.title}>{note.title}</span>
                <span className={styles.more} aria-hidden="true">
                  Lire la note →
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{SOCIAL_MESSAGES.patchNotesEmpty}</p>
      )}
      <Dialog
        open={open !== null}
        onOpenChange={(o) => !o && setOpen(null)}
        title={open?.title ?? ""}
        width={620}
        description={
          open
            ? [open.version && `Version ${open.version.replace(/^v/i, "")}`, `publiée le ${patchNoteDate(open.createdAt)}`]
                .filter(Boolean)
                .join(" · ")
            : undefined
        }
      >
        <RichHtml html={open?.html ?? ""} className={styles.noteBody} testId="patch-note-body" />
        <Button block onClick={() => setOpen(null)}>
          OK
        </Button>
      </Dialog>
    </section>
  );
}

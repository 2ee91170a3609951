import { useState, type FormEvent } from "react";
import type { PatchNote } from "@planify/common/schemas/social";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { useNotify } from "../../components/notifications";
import { DescriptionField } from "../../components/rich-text/description-field";
import { ADMIN_EDITOR } from "../../components/rich-text/editor-constants";
import { ApiError } from "../../lib/api";
import { failureText } from "../../lib/failure-text";
import { useFlash } from "../../lib/use-flash";
import { useAdminPatchNotes, useDeletePatchNote, useSavePatchNote } from "./api";
import { draftFromNote, EMPTY_NOTE, noteBody, type NoteDraft } from "./patch-note-form";
import panel from "../../components/admin-panel.module.css";

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "short", year: "numeric" });

/** Patch Notes: write, publish or keep as draft, edit, delete; the list with drafts. */
export function AdminPatchNotesPanel() {
  const list = useAdminPatchNotes();
  const save = useSavePatchNote();
  const remove = useDeletePatchNote();
  const notify = useNotify();
  const [draft, setDraft] = useState<NoteDraft>(EMPTY_NOTE);
  // Remounts the editor on load/reset so it shows the new content.
  const [editorKey, setEditorKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [flash, setFlash] = useFlash();

  const load = (d: NoteDraft) => {
    setDraft(d);
    setEditorKey((k) => k + 1);
    setError(null);
  };

  async function submit(published: boolean, e?: FormEvent) {
    e?.preventDefault();
    const body = noteBody(draft, published);
    if (typeof body === "string") return setError(body);
    setError(null);
    try {
      const saved = await save.mutateAsync({ id: draft.id, body });
      setFlash(saved.message);
      load(EMPTY_NOTE);
    } catch (err) {
      setError(failureText(err instanceof ApiError && err.status >= 500 ? "Erreur serveur" : "Erreur lors de la publication", err, " : "));
    }
  }

  async function del(note: PatchNote) {
    const ok = await notify.confirm({
      title: "Supprimer la note",
      message: `Supprimer « ${note.title} » ? Elle disparaîtra de la page À propos.`,
      yes: "Supprimer",
      no: "Annuler",
    });
    if (!ok) return;
    setError(null);
    try {
      setFlash((await remove.mutateAsync(note.id)).message);
      if (draft.id === note.id) load(EMPTY_NOTE);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status >= 500
          ? "Erreur serveur lors de la suppression"
          : failureText("Suppression échouée", err, " : "),
      );
    }
  }

  const notes = list.data?.notes ?? [];
  return (
    <section className={panel.panel} aria-labelledby="patch-notes-title">
      <h2 id="patch-notes-title" className={panel.panelTitle}>
        Patch Notes
      </h2>
      <p className={panel.panelIntro}>
        Les notes publiées apparaissent dans « Mises à jour » sur la page À propos ; mises en avant, elles allument le point du lien À
        propos.
      </p>
      <form
        className={panel.form}
        onSubmit={(e) => submit(true, e)}
        noValidate
        aria-label={draft.id ? "Modifier la note" : "Nouvelle note"}
      >
        <div className={panel.row}>
          <TextField
            label="Titre"
            required
            value={draft.title}
            maxLength={200}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
          />
          <TextField
            label="Version"
            value={draft.version}
            maxLength={60}
            placeholder="1.8.0"
            onChange={(e) => setDraft({ ...draft, version: e.target.value })}
          />
        </div>
        <fieldset className={panel.choices}>
          <legend>Mettre en avant dans « À propos »</legend>
          {(
            [
              [true, "Oui"],
              [false, "Non"],
            ] as const
          ).map(([value, label]) => (
            <label key={label} className={panel.choice} data-checked={draft.notify === value}>
              <input
                type="radio"
                name="note-notify"
                checked={draft.notify === value}
                onChange={() => setDraft({ ...draft, notify: value })}
              />{" "}
              {label}
            </label>
          ))}
        </fieldset>
        <DescriptionField
          key={editorKey}
          label="Contenu de la note"
          value={draft.html}
          rich
          limits={ADMIN_EDITOR}
          onChange={(html) => setDraft((d) => ({ ...d, html }))}
          onError={setError}
        />
        {error && (
          <p className={panel.error} role="alert">
            {error}
          </p>
        )}
        {flash && (
          <p className={panel.success} role="status">
            {flash}
          </p>
        )}
        <div className={panel.actions}>
          <Button type="submit" disabled={save.isPending}>
            {draft.id ? "Publier la mise à jour" : "Publier"}
          </Button>
          <Button variant="secondary" onClick={() => submit(false)} disabled={save.isPending}>
            Enregistrer en brouillon
          </Button>
          {draft.id && (
            <Button variant="ghost" onClick={() => load(EMPTY_NOTE)}>
              Annuler
            </Button>
          )}
        </div>
      </form>
      <h3 className={panel.subTitle}>Notes existantes</h3>
      {list.isError && (
        <p className={panel.error} role="alert">
          Impossible de charger la note
        </p>
      )}
      {list.isSuccess && notes.length === 0 && <p className={panel.muted}>Aucune mise à jour pour le moment.</p>}
      <ul className={panel.list} aria-label="Notes existantes">
        {notes.map((n) => (
          <li key={n.id} className={panel.listItem}>
            <span>
              <strong>{n.title}</strong>
              {n.version ? ` · ${n.version}` : ""} · {shortDate(n.createdAt)}
              {n.published ? "" : " · brouillon"}
              {n.notify ? " · mise en avant" : ""}
            </span>
            <span className={panel.actions}>
              <Button size="small" variant="secondary" onClick={() => load(draftFromNote(n))}>
                Modifier
              </Button>
              <Button size="small" variant="danger" onClick={() => del(n)}>
                Supprimer
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

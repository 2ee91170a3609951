import { useState, type FormEvent } from "react";
import { Button } from "../../components/button";
import { SelectField, TextField } from "../../components/field";
import { failureText } from "../../lib/failure-text";
import { useJournal, type JournalFilters } from "./api/journal";
import { actionLabel, JournalEntryRow } from "./journal-entry-row";
import styles from "../../components/admin-panel.module.css";

const EMPTY: JournalFilters = {};

/** The admin journal: every admin write, newest first, filtered by admin, user, action and dates. Read-only. */
export function AdminJournalPanel() {
  const [draft, setDraft] = useState<JournalFilters>(EMPTY);
  const [filters, setFilters] = useState<JournalFilters>(EMPTY);
  const journal = useJournal(filters);
  const first = journal.data?.pages[0];
  const entries = journal.data?.pages.flatMap((p) => p.entries) ?? [];
  const set = (key: keyof JournalFilters) => (value: string) => setDraft((d) => ({ ...d, [key]: value || undefined }));

  function apply(e: FormEvent) {
    e.preventDefault();
    setFilters({ ...draft, user: draft.user?.trim() || undefined });
  }

  return (
    <section className={styles.panel} aria-labelledby="admin-journal-title">
      <h2 id="admin-journal-title" className={styles.panelTitle}>
        Journal
      </h2>
      <p className={styles.panelIntro}>
        Chaque action d'un administrateur y est inscrite : qui, quand, quoi, sur quel compte, avec l'avant et l'après. Le journal ne peut
        être ni modifié ni effacé.
      </p>
      <form className={styles.form} onSubmit={apply} aria-label="Filtres du journal">
        <div className={styles.row}>
          <SelectField
            label="Administrateur"
            value={draft.adminId ?? ""}
            onChange={(e) => set("adminId")(e.target.value)}
            options={[{ value: "", label: "Tous" }, ...(first?.admins ?? []).map((a) => ({ value: a.id, label: a.username }))]}
          />
          <SelectField
            label="Action"
            value={draft.action ?? ""}
            onChange={(e) => set("action")(e.target.value)}
            options={[{ value: "", label: "Toutes" }, ...(first?.actions ?? []).map((a) => ({ value: a, label: actionLabel(a) }))]}
          />
          <TextField
            label="Utilisateur"
            type="search"
            value={draft.user ?? ""}
            onChange={(e) => set("user")(e.target.value)}
            placeholder="Nom ou identifiant"
            autoComplete="off"
          />
        </div>
        <div className={styles.row}>
          <TextField label="Du" type="date" value={draft.from ?? ""} onChange={(e) => set("from")(e.target.value)} />
          <TextField label="Au" type="date" value={draft.to ?? ""} onChange={(e) => set("to")(e.target.value)} />
        </div>
        <div className={styles.actions}>
          <Button type="submit">Filtrer</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
            }}
          >
            Réinitialiser
          </Button>
        </div>
      </form>
      <h3 className={styles.subTitle}>Entrées</h3>
      {journal.isPending && <p className={styles.loading}>Chargement du journal…</p>}
      {journal.isError && (
        <p className={styles.error} role="alert">
          {failureText("Impossible de charger le journal", journal.error, " : ")}
        </p>
      )}
      {journal.data && entries.length === 0 && <p className={styles.muted}>Aucune entrée.</p>}
      {entries.length > 0 && (
        <ul className={styles.list} aria-label="Entrées du journal">
          {entries.map((e) => (
            <JournalEntryRow key={e.id} entry={e} />
          ))}
        </ul>
      )}
      {journal.hasNextPage && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => journal.fetchNextPage()} disabled={journal.isFetchingNextPage}>
            {journal.isFetchingNextPage ? "Chargement…" : "Plus d'entrées"}
          </Button>
        </div>
      )}
    </section>
  );
}

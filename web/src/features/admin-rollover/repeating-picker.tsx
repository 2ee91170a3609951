import { useMemo, useState } from "react";
import { QueryError, QueryLoading } from "../../components/query-state";
import { parseUsernameCsv } from "@planify/common/constants/rollover";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import shared from "../../components/admin-panel.module.css";
import { useAccountSummaries } from "./api/rollover-api";
import styles from "./admin-rollover.module.css";

const SHOWN = 50;

/** Repeating students: picked from the list (with a search) or read from a CSV of usernames. */
export function RepeatingPicker({ selected, onChange }: { selected: string[]; onChange: (names: string[]) => void }) {
  const summaries = useAccountSummaries();
  const [search, setSearch] = useState("");
  const [csvNote, setCsvNote] = useState("");
  const students = useMemo(() => (summaries.data?.users ?? []).filter((u) => u.role === "eleve" || u.role === "delegue"), [summaries.data]);
  const needle = search.trim().toLowerCase();
  const matches = needle ? students.filter((u) => u.username.toLowerCase().includes(needle)) : students;
  const chosen = new Set(selected);
  // Names (typically from a CSV) no listed student has: the server would refuse them, so they are named here with « Retirer ».
  const known = useMemo(() => new Set(students.map((u) => u.username.toLowerCase())), [students]);
  const strangers = summaries.data ? selected.filter((n) => !known.has(n.toLowerCase())) : [];
  const toggle = (name: string) => onChange(chosen.has(name) ? selected.filter((n) => n !== name) : [...selected, name]);
  const readCsv = async (file: File | undefined) => {
    if (!file) return;
    const names = parseUsernameCsv(await file.text());
    onChange([...new Set([...selected, ...names])]);
    setCsvNote(`${names.length} identifiant${names.length > 1 ? "s" : ""} lu${names.length > 1 ? "s" : ""} dans ${file.name}.`);
  };
  return (
    <div className={shared.form}>
      <TextField label="Rechercher un étudiant" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Identifiant" />
      {summaries.isPending && <QueryLoading />}
      {summaries.isError && (
        <QueryError
          text="Impossible de charger la liste des étudiants."
          error={summaries.error}
          onRetry={summaries.refetch}
          retrying={summaries.isFetching}
        />
      )}
      <ul className={styles.pickList} aria-label="Étudiants">
        {matches.slice(0, SHOWN).map((u) => (
          <li key={u.id}>
            <label className={styles.pick}>
              <input type="checkbox" checked={chosen.has(u.username)} onChange={() => toggle(u.username)} />
              <span>{u.username}</span>
              <small>
                {u.year || "—"} · {u.groupe}
              </small>
            </label>
          </li>
        ))}
      </ul>
      {matches.length > SHOWN && <p className={shared.muted}>{matches.length - SHOWN} autres : affine la recherche.</p>}
      <label className={styles.csv}>
        <span>Ou un fichier CSV d'identifiants (une colonne « identifiant »)</span>
        <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readCsv(e.target.files?.[0])} />
      </label>
      {csvNote && <p className={shared.muted}>{csvNote}</p>}
      {strangers.length > 0 && (
        <div className={shared.actions}>
          <p className={shared.error} role="alert">
            Aucun étudiant n'a {strangers.length > 1 ? "ces identifiants" : "cet identifiant"} : {strangers.join(", ")}.
          </p>
          <Button variant="secondary" size="small" onClick={() => onChange(selected.filter((n) => !strangers.includes(n)))}>
            Retirer
          </Button>
        </div>
      )}
      <p aria-live="polite">
        <strong>{selected.length}</strong> redoublant{selected.length > 1 ? "s" : ""} choisi{selected.length > 1 ? "s" : ""}
        {selected.length > 0 && ` : ${selected.slice(0, 8).join(", ")}${selected.length > 8 ? "…" : ""}`}
      </p>
    </div>
  );
}

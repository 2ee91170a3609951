import { HAND_IN_STATUS_LABELS, type HandInStatus } from "@planify/common/constants/hand-ins";
import type { HandInRowDto } from "@planify/common/schemas/hand-ins";

/** What the status filter may keep: every row, one status, or the copies still to mark. */
export type StatusFilter = "tous" | HandInStatus | "a-corriger";
export type SortKey = "nom" | "statut" | "date" | "note";

export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "tous", label: "Tous" },
  { value: "rendu", label: HAND_IN_STATUS_LABELS.rendu },
  { value: "en-retard", label: HAND_IN_STATUS_LABELS["en-retard"] },
  { value: "non-rendu", label: HAND_IN_STATUS_LABELS["non-rendu"] },
  { value: "dispense", label: HAND_IN_STATUS_LABELS.dispense },
  { value: "a-corriger", label: "À corriger" },
];

export const SORT_KEYS: readonly { value: SortKey; label: string }[] = [
  { value: "nom", label: "Nom" },
  { value: "statut", label: "Statut" },
  { value: "date", label: "Date de dépôt" },
  { value: "note", label: "Note" },
];

/** « Martin Léa », or the username when the account has no name. */
export function studentName(row: Pick<HandInRowDto, "firstName" | "lastName" | "username">): string {
  const name = `${row.lastName} ${row.firstName}`.trim();
  return name || row.username;
}

/** Handed in and nothing written on it yet (the teacher's « À corriger »). */
export function needsMarking(row: Pick<HandInRowDto, "status" | "feedback">): boolean {
  return (row.status === "rendu" || row.status === "en-retard") && row.feedback === "aucun";
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** Rows kept by the status filter and the name search (accents and case ignored). */
export function filterRows(rows: readonly HandInRowDto[], status: StatusFilter, search: string): HandInRowDto[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (status === "a-corriger" ? !needsMarking(row) : status !== "tous" && row.status !== status) return false;
    const haystack = fold(`${row.lastName} ${row.firstName} ${row.username}`);
    return words.every((w) => haystack.includes(w));
  });
}

// Who needs the teacher first: late, then missing, then on time, exempt last.
const STATUS_ORDER: Record<HandInStatus, number> = { "en-retard": 0, "non-rendu": 1, rendu: 2, dispense: 3 };
const byName = (a: HandInRowDto, b: HandInRowDto) => studentName(a).localeCompare(studentName(b), "fr", { sensitivity: "base" });
/** Empty values (no deposit, no mark) go last whatever the direction. */
function nullsLast(a: number | null, b: number | null, dir: 1 | -1): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  return (a - b) * dir;
}

/** Rows in the chosen order; ties by name. `descending` reverses the key, never the tie-break. */
export function sortRows(rows: readonly HandInRowDto[], key: SortKey, descending = false): HandInRowDto[] {
  const dir = descending ? -1 : 1;
  const compare = (a: HandInRowDto, b: HandInRowDto): number => {
    switch (key) {
      case "nom":
        return byName(a, b) * dir;
      case "statut":
        return (STATUS_ORDER[a.status] - STATUS_ORDER[b.status]) * dir;
      case "date":
        return nullsLast(a.submittedAt ? Date.parse(a.submittedAt) : null, b.submittedAt ? Date.parse(b.submittedAt) : null, dir);
      case "note":
        return nullsLast(a.mark, b.mark, dir);
    }
  };
  return [...rows].sort((a, b) => compare(a, b) || byName(a, b));
}

import type { HandInCountsDto } from "@planify/common/schemas/hand-ins";
import type { StatusFilter } from "../model/table";
import styles from "./hand-ins.module.css";

const TILES: readonly { filter: StatusFilter; label: string; count: (c: HandInCountsDto) => number }[] = [
  { filter: "rendu", label: "Rendu", count: (c) => c.rendu },
  { filter: "en-retard", label: "En retard", count: (c) => c["en-retard"] },
  { filter: "non-rendu", label: "Non rendu", count: (c) => c["non-rendu"] },
  { filter: "dispense", label: "Dispensé", count: (c) => c.dispense },
  { filter: "a-corriger", label: "À corriger", count: (c) => c.aCorriger },
];

/** The counts at the top; each tile filters the table on its status (again: every row). */
export function CountsBar({
  counts,
  filter,
  onFilter,
}: {
  counts: HandInCountsDto;
  filter: StatusFilter;
  onFilter(f: StatusFilter): void;
}) {
  return (
    <ul className={styles.counts} aria-label="Décompte des dépôts">
      {TILES.map((t) => (
        <li key={t.filter}>
          <button
            type="button"
            className={styles.countTile}
            data-kind={t.filter}
            aria-pressed={filter === t.filter}
            onClick={() => onFilter(filter === t.filter ? "tous" : t.filter)}
          >
            <strong data-testid={`count-${t.filter}`}>{t.count(counts)}</strong>
            <span>{t.label}</span>
          </button>
        </li>
      ))}
      <li className={styles.countTotal}>
        {counts.total} étudiant{counts.total > 1 ? "s" : ""} · {counts.brouillons} brouillon{counts.brouillons > 1 ? "s" : ""} ·{" "}
        {counts.corriges} corrigé{counts.corriges > 1 ? "s" : ""}
      </li>
    </ul>
  );
}

import { formatMark } from "@planify/common/rules/hand-ins";
import type { HandInRowDto } from "@planify/common/schemas/hand-ins";
import { parisShort } from "../model/paris-format";
import { studentName } from "../model/table";
import { FeedbackBadge, StatusBadge } from "./badges";
import styles from "./hand-ins.module.css";

interface Props {
  rows: HandInRowDto[];
  scale: number;
  onOpen(userId: string): void;
}

const markOf = (row: HandInRowDto, scale: number) => (row.mark === null ? "—" : formatMark(row.mark, scale));
const handedIn = (row: HandInRowDto) => row.status === "rendu" || row.status === "en-retard";

function DeadlineCell({ row }: { row: HandInRowDto }) {
  return (
    <>
      {parisShort(row.deadline)}
      {row.extended && <span className={styles.tag}>prolongé</span>}
      {row.reopened && <span className={styles.tag}>rouvert</span>}
    </>
  );
}

/** Every student of the task: a table on a desktop, stacked cards on a phone (same markup). */
export function HandInTable({ rows, scale, onOpen }: Props) {
  if (rows.length === 0) return <p className={styles.empty}>Aucun étudiant ne correspond à ces critères.</p>;
  // One table; on a phone its rows become stacked cards (CSS), each cell named by data-label.
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Dépôts des étudiants</caption>
        <thead>
          <tr>
            <th scope="col">Étudiant</th>
            <th scope="col">Statut</th>
            <th scope="col">Déposé le</th>
            <th scope="col">Échéance</th>
            <th scope="col">Correction</th>
            <th scope="col">Note</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId} data-testid="hand-in-row" data-user={row.username}>
              <th scope="row">
                <span className={styles.name}>{studentName(row)}</span>
                <span className={styles.muted}>{row.groupe}</span>
              </th>
              <td data-label="Statut">
                <StatusBadge status={row.status} lateByMs={row.lateByMs} />
              </td>
              <td data-label="Déposé le">{parisShort(row.submittedAt) || "—"}</td>
              <td data-label="Échéance">
                <DeadlineCell row={row} />
              </td>
              <td data-label="Correction">
                <FeedbackBadge state={row.feedback} handedIn={handedIn(row)} />
              </td>
              <td className={styles.markCell} data-label="Note">
                {markOf(row, scale)}
              </td>
              <td className={styles.actionCell}>
                <button
                  type="button"
                  className={styles.openBtn}
                  onClick={() => onOpen(row.userId)}
                  aria-label={`Ouvrir le dépôt de ${studentName(row)}`}
                >
                  Ouvrir
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

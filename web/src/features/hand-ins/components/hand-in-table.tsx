import { formatMark } from "@planify/common/rules/hand-ins";
import type { HandInRowDto } from "@planify/common/schemas/hand-ins";
import { parisShort } from "../../../lib/paris-format";
import { PHONE_QUERY, useMediaQuery } from "../../../lib/use-media-query";
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

/** Every student of the task: a table on a desktop, stacked cards on a phone. */
export function HandInTable({ rows, scale, onOpen }: Props) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (rows.length === 0) return <p className={styles.empty}>Aucun étudiant ne correspond à ces critères.</p>;
  if (phone) {
    return (
      <ul className={styles.cards} aria-label="Dépôts des étudiants">
        {rows.map((row) => (
          <li key={row.userId} className={styles.card} data-testid="hand-in-row" data-user={row.username}>
            <div className={styles.cardHead}>
              <strong>{studentName(row)}</strong>
              <span className={styles.muted}>{row.groupe}</span>
            </div>
            <div className={styles.cardBadges}>
              <StatusBadge status={row.status} lateByMs={row.lateByMs} />
              <FeedbackBadge state={row.feedback} handedIn={handedIn(row)} />
            </div>
            <dl className={styles.cardFacts}>
              <div>
                <dt>Déposé le</dt>
                <dd>{parisShort(row.submittedAt) || "—"}</dd>
              </div>
              <div>
                <dt>Échéance</dt>
                <dd>
                  <DeadlineCell row={row} />
                </dd>
              </div>
              <div>
                <dt>Note</dt>
                <dd>{markOf(row, scale)}</dd>
              </div>
            </dl>
            <button type="button" className={styles.openBtn} onClick={() => onOpen(row.userId)}>
              Ouvrir le dépôt de {studentName(row)}
            </button>
          </li>
        ))}
      </ul>
    );
  }
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
              <td>
                <StatusBadge status={row.status} lateByMs={row.lateByMs} />
              </td>
              <td>{parisShort(row.submittedAt) || "—"}</td>
              <td>
                <DeadlineCell row={row} />
              </td>
              <td>
                <FeedbackBadge state={row.feedback} handedIn={handedIn(row)} />
              </td>
              <td className={styles.markCell}>{markOf(row, scale)}</td>
              <td>
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

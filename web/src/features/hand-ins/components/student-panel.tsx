import type { HandInRowDto } from "@planify/common/schemas/hand-ins";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { QueryState } from "../../../components/query-state";
import { parisShort } from "../model/paris-format";
import { useHandInDetail } from "../api/use-hand-ins";
import { studentName } from "../model/table";
import { StatusBadge } from "./badges";
import { DeadlineSection } from "./deadline-section";
import { FeedbackSection } from "./feedback-section";
import { ReturnedSection } from "./returned-section";
import { VersionsSection } from "./versions-section";
import styles from "./student-panel.module.css";

interface Props {
  taskId: string;
  /** The rows as the table shows them (filtered, sorted): « Précédent » and « Suivant » follow them. */
  rows: HandInRowDto[];
  userId: string;
  onSelect(userId: string | null): void;
}

/** One student's hand-in: deadline and exemption, versions, the correction, returned copies. */
export function StudentPanel({ taskId, rows, userId, onSelect }: Props) {
  const detail = useHandInDetail(taskId, userId);
  const index = rows.findIndex((r) => r.userId === userId);
  const listed = rows[index];
  const prev = index > 0 ? rows[index - 1] : undefined;
  const next = index >= 0 && index < rows.length - 1 ? rows[index + 1] : undefined;
  const title = listed ? studentName(listed) : detail.data ? studentName(detail.data.row) : "Dépôt";
  return (
    <Dialog open onOpenChange={(o) => !o && onSelect(null)} title={title} width={780}>
      <nav className={styles.nav} aria-label="Autres étudiants">
        <Button
          variant="ghost"
          size="small"
          disabled={!prev}
          aria-label={prev ? `Étudiant précédent : ${studentName(prev)}` : "Étudiant précédent"}
          onClick={() => prev && onSelect(prev.userId)}
        >
          ← {prev ? studentName(prev) : "Précédent"}
        </Button>
        <span className={styles.muted}>{index >= 0 ? `${index + 1} / ${rows.length}` : ""}</span>
        <Button
          variant="ghost"
          size="small"
          disabled={!next}
          aria-label={next ? `Étudiant suivant : ${studentName(next)}` : "Étudiant suivant"}
          onClick={() => next && onSelect(next.userId)}
        >
          {next ? studentName(next) : "Suivant"} →
        </Button>
      </nav>
      <QueryState query={detail} errorText="Impossible de charger ce dépôt.">
        {({ task, row, versions, feedback }) => (
          <div className={styles.body}>
            <p className={styles.summary}>
              <StatusBadge status={row.status} lateByMs={row.lateByMs} />
              {row.submittedAt && <span className={styles.muted}>Dernier dépôt le {parisShort(row.submittedAt)}</span>}
              <span className={styles.muted}>{row.open ? "Dépôt ouvert" : "Dépôt fermé"}</span>
            </p>
            <DeadlineSection taskId={taskId} row={row} taskDeadline={task.deadline} />
            <VersionsSection versions={versions} />
            {/* Keyed by student: the editor starts from this student's draft. */}
            <FeedbackSection
              key={row.userId}
              taskId={taskId}
              userId={row.userId}
              feedback={feedback}
              scale={task.markScale}
              handedIn={row.version !== null}
            />
            <ReturnedSection taskId={taskId} userId={row.userId} files={feedback.returnedFiles} />
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}

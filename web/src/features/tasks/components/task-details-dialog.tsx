import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { useSubjects } from "../../../lib/subjects/use-subjects";
import type { TaskEvent } from "../api/task-types";
import { useNow } from "../../../lib/use-now";
import { formatDate, formatTime, remainingText } from "../model/format";
import { canAuthor, canDeposit, isStaff, type Viewer } from "../model/roles";
import { safeHtml } from "../../../lib/safe-html";
import { PERSONAL_LABEL } from "@planify/common/constants/personal-tasks";
import { isLate } from "../model/task-filters";
import { AttachmentsList } from "./attachments-list";
import { DepositArea } from "./deposit-area";
import { CalendarIcon, ClockIcon, PeopleIcon } from "./icons";
import { SubmissionsPanel } from "./submissions-panel";
import styles from "./dialogs.module.css";

interface Props {
  viewer: Viewer;
  task: TaskEvent;
  onClose(): void;
  onEdit(task: TaskEvent): void;
  /** Personal tasks: asks to delete it (the confirmation comes next). */
  onDelete(task: TaskEvent): void;
}

/** Task details: description, attachments, the student's deposit, the teacher's hand-ins. */
export function TaskDetailsDialog({ viewer, task, onClose, onEdit, onDelete }: Props) {
  const now = useNow();
  const { styleOf } = useSubjects(viewer);
  const personal = task.personal === true;
  const mayEdit = personal || isStaff(viewer) || (canAuthor(viewer) && task.createdBy === viewer.id);
  const html = safeHtml(task.description);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={task.titre} width={680}>
      <div className={styles.detailsHead}>
        <span className={styles.subjectChip} style={styleOf(task.matiere, task.type)}>
          {task.matiere || "Sans matière"}
        </span>
        {personal ? (
          <span className={styles.personalBadge}>{PERSONAL_LABEL} · visible par vous seul</span>
        ) : (
          <span className={task.type === "exam" ? styles.typeExam : styles.typeDevoir}>{task.type === "exam" ? "Examen" : "Devoir"}</span>
        )}
        {isLate(task, now) && <span className={styles.lateFlag}>En retard</span>}
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>
            <CalendarIcon />
            Date
          </dt>
          <dd>
            {formatDate(task.date)} à {formatTime(task.heure)}
          </dd>
        </div>
        <div>
          <dt>
            <ClockIcon />
            Temps restant
          </dt>
          <dd>{remainingText(task.deadline, now)}</dd>
        </div>
        {!personal && (
          <div>
            <dt>
              <PeopleIcon />
              Groupes
            </dt>
            <dd>
              {task.groupes.join(", ")}
              {task.year ? ` · ${task.year}` : ""}
              {task.specialite ? ` · ${task.specialite}` : ""}
            </dd>
          </div>
        )}
      </dl>
      {personal ? (
        task.note ? (
          <p className={styles.noteText} data-testid="task-description">
            {task.note}
          </p>
        ) : (
          <p className={styles.hint}>Aucune note.</p>
        )
      ) : html ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rich text, sanitised by the server and again by safeHtml.
        <div className={styles.richText} data-testid="task-description" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className={styles.hint}>Aucune description.</p>
      )}
      {!personal && <AttachmentsList taskId={task.id} attachments={task.attachments} />}
      {/* A returned copy or a reopened box stays reachable when the teacher closed the box. */}
      {!personal && (task.submissionEnabled || task.handIn) && canDeposit(viewer) && <DepositArea task={task} />}
      {!personal && isStaff(viewer) && <SubmissionsPanel task={task} viewer={viewer} />}
      {mayEdit && (
        <div className={styles.actions}>
          {personal && (
            <Button
              variant="danger"
              onClick={() => {
                onClose();
                onDelete(task);
              }}
            >
              Supprimer
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => {
              onClose();
              onEdit(task);
            }}
          >
            Modifier
          </Button>
        </div>
      )}
    </Dialog>
  );
}

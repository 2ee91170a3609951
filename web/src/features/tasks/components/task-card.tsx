import type { CSSProperties } from "react";
import type { TaskEvent } from "../api/task-types";
import { formatDate, formatTime, remainingText } from "../model/format";
import { isLate } from "../model/task-filters";
import type { TabId } from "../model/task-filters";
import { PERSONAL_LABEL } from "@planify/common/constants/personal-tasks";
import { ArchiveIcon, CheckIcon, ClockIcon, LockIcon, PeopleIcon, TrashIcon, UndoIcon, WarningIcon } from "./icons";
import { ShortTitle } from "./short-title";
import styles from "./task-card.module.css";
import handIn from "./my-hand-in.module.css";

export interface TaskCardProps {
  task: TaskEvent;
  tab: TabId;
  now: number;
  isNew: boolean;
  subjectStyle: CSSProperties;
  canDelete: boolean;
  onOpen(): void;
  onToggle(): void;
  onDelete(): void;
  onArchive(): void;
  onUnarchive(): void;
  /** The check shown was made offline and waits to be sent. */
  syncPending?: boolean;
  /** Teachers and admins see every year's tasks: their cards name the year. */
  showYear?: boolean;
}

/** One task card: subject label, title, date, type, countdown, group, actions. */
export function TaskCard(p: TaskCardProps) {
  const { task: t } = p;
  const late = isLate(t, p.now);
  const remaining = remainingText(t.deadline, p.now);
  // Exams have no check toggle, except in the late view; archived cards unarchive instead.
  const checkable = !t.archived && (t.type !== "exam" || p.tab === "retard");
  const groups = t.groupes.join(", ");
  return (
    <article
      className={[styles.card, t.checked && styles.done, late && styles.late].filter(Boolean).join(" ")}
      data-testid="task-card"
      data-task-id={t.id}
      aria-label={t.titre}
    >
      <header className={styles.subject} style={p.subjectStyle}>
        <span className={styles.subjectName}>{t.matiere || "Sans matière"}</span>
        {t.personal && (
          <span className={styles.personalBadge} title="Tâche perso : visible par vous seul">
            {PERSONAL_LABEL}
          </span>
        )}
        {p.isNew && !t.personal && <span className={styles.newBadge}>Nouveau</span>}
      </header>
      <div className={styles.body}>
        <div className={styles.titleRow}>
          {checkable && (
            // biome-ignore lint/a11y/useSemanticElements: a styled button keeps the large tap target; role=checkbox is the ARIA pattern for it.
            <button
              type="button"
              role="checkbox"
              aria-checked={t.checked}
              aria-label={t.checked ? "Marquer comme non fait" : "Marquer comme fait"}
              className={styles.check}
              onClick={p.onToggle}
            >
              {t.checked && <CheckIcon />}
            </button>
          )}
          <h3 className={styles.title} title={t.titre}>
            <ShortTitle title={t.titre} />
          </h3>
        </div>
        <div className={styles.meta}>
          {!t.personal && (
            <span className={t.type === "exam" ? styles.typeExam : styles.typeDevoir}>{t.type === "exam" ? "Examen" : "Devoir"}</span>
          )}
          <span className={styles.date}>
            {formatDate(t.date, "short")} · {formatTime(t.heure)}
          </span>
        </div>
        <div className={styles.meta}>
          <span className={styles.remaining} data-testid="remaining">
            <ClockIcon />
            {remaining}
          </span>
          {t.personal ? (
            <span className={styles.group} title="Visible par vous seul">
              <LockIcon />
              Vous seul
            </span>
          ) : (
            <span className={styles.group} title={`Groupes : ${groups}`}>
              <PeopleIcon />
              {groups}
            </span>
          )}
          {t.handIn?.corrected && (
            <span className={handIn.corrected} data-testid="task-corrected">
              Corrigé
            </span>
          )}
          {t.handIn?.exempt && <span className={handIn.exempt}>Dispensé</span>}
          {t.handIn?.extended && !t.handIn.exempt && <span className={handIn.exempt}>Délai prolongé</span>}
          {p.showYear && !t.personal && (
            <span className={styles.year} data-testid="task-year">
              {t.year || "Toutes années"}
            </span>
          )}
        </div>
        {late && (
          <p className={styles.lateText}>
            <WarningIcon />
            En retard
          </p>
        )}
        {p.syncPending && (
          <p className={styles.pendingText} data-testid="check-pending">
            En attente de connexion
          </p>
        )}
        <footer className={styles.actions}>
          <button type="button" className={styles.more} onClick={p.onOpen}>
            Plus d'infos
          </button>
          <span className={styles.icons}>
            {t.checked && !t.archived && t.type === "devoir" && (
              <button type="button" className={styles.iconBtn} aria-label="Archiver" title="Archiver" onClick={p.onArchive}>
                <ArchiveIcon />
              </button>
            )}
            {t.archived && (
              <button type="button" className={styles.iconBtn} aria-label="Désarchiver" title="Désarchiver" onClick={p.onUnarchive}>
                <UndoIcon />
              </button>
            )}
            {p.canDelete && (
              <button
                type="button"
                className={`${styles.iconBtn} ${styles.danger}`}
                aria-label="Supprimer"
                title="Supprimer"
                onClick={p.onDelete}
              >
                <TrashIcon />
              </button>
            )}
          </span>
        </footer>
      </div>
    </article>
  );
}

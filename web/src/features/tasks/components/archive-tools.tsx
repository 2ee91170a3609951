import { useState } from "react";
import { Button } from "../../../components/button";
import type { TaskEvent } from "../api/task-types";
import { archivedMatching } from "../model/task-filters";
import styles from "./task-list.module.css";
import { deWord } from "@planify/common/format/french";

interface Props {
  archived: TaskEvent[];
  subjects: string[];
  onUnarchiveAll(tasks: TaskEvent[]): void;
  onClear(tasks: TaskEvent[], label: string): void;
}

/** Bulk actions of the archive view: unarchive all, or clear by type, subject or both. */
export function ArchiveTools({ archived, subjects, onUnarchiveAll, onClear }: Props) {
  const [type, setType] = useState<"" | "devoir" | "exam">("");
  const [subject, setSubject] = useState("");
  const matching = archivedMatching(archived, type, subject);
  const label = [type === "exam" ? "examens" : type === "devoir" ? "devoirs" : "tâches", subject && deWord(subject)]
    .filter(Boolean)
    .join(" ");
  const usedSubjects = subjects.filter((s) => archived.some((t) => t.matiere === s));
  return (
    <div className={styles.archiveTools}>
      <Button size="small" variant="secondary" disabled={!archived.length} onClick={() => onUnarchiveAll(archived)}>
        Tout désarchiver
      </Button>
      <div className={styles.clearGroup}>
        <label className={styles.filter}>
          <span>Type</span>
          <select value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            <option value="">Tous</option>
            <option value="devoir">Devoirs</option>
            <option value="exam">Examens</option>
          </select>
        </label>
        <label className={styles.filter}>
          <span>Matière</span>
          <select value={subject} onChange={(e) => setSubject(e.target.value)}>
            <option value="">Toutes</option>
            {usedSubjects.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <Button size="small" variant="danger" disabled={!matching.length} onClick={() => onClear(matching, label)}>
          Vider ({matching.length})
        </Button>
      </div>
    </div>
  );
}

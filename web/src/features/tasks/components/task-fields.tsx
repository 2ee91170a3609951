import { TASK_TITLE_MAX } from "@planify/common/constants/tasks";
import styles from "./dialogs.module.css";

/** 'Titre': the title input of the class-task and personal-task forms. */
export function TitleField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <label className={styles.field}>
      <span>Titre</span>
      <input required maxLength={TASK_TITLE_MAX} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

interface SubjectProps {
  value: string;
  subjects: string[];
  onChange(value: string): void;
  /** Personal tasks: the subject may stay empty ('Aucune matière'). */
  optional?: boolean;
}

/** 'Matière': the known subjects, the current one kept even when it is no longer listed. */
export function SubjectField({ value, subjects, onChange, optional }: SubjectProps) {
  const options = value && !subjects.includes(value) ? [value, ...subjects] : subjects;
  return (
    <label className={styles.field}>
      <span>{optional ? "Matière (facultatif)" : "Matière"}</span>
      <select required={!optional} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{optional ? "Aucune matière" : "Choisir une matière"}</option>
        {options.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </label>
  );
}

interface WhenProps {
  date: string;
  heure: string;
  onDate(value: string): void;
  onTime(value: string): void;
  /** First and last day the date picker offers (YYYY-MM-DD). */
  min?: string;
  max?: string;
}

/** 'Date' and 'Heure' side by side, also on a phone. */
export function WhenFields({ date, heure, onDate, onTime, min, max }: WhenProps) {
  return (
    <div className={`${styles.row} ${styles.keepRow}`}>
      <label className={styles.field}>
        <span>Date</span>
        <input type="date" required min={min} max={max} value={date} onChange={(e) => onDate(e.target.value)} />
      </label>
      <label className={styles.field}>
        <span>Heure</span>
        <input type="time" required value={heure} onChange={(e) => onTime(e.target.value)} />
      </label>
    </div>
  );
}

import type { CSSProperties } from "react";
import { PERSONAL_LABEL } from "@planify/common/constants/personal-tasks";
import type { Slot } from "../api/timetable-api";
import styles from "../timetable.module.css";

const time = (d: Date) => d.toLocaleTimeString("fr-FR", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" });

/**
 * One task (subject colour, title, time range, type) or school lesson (neutral, with its room)
 * in the timetable. A short block (`compact`) keeps one line, « 10:00 · Titre », so the title
 * is never the part that disappears.
 */
export function SlotBlock({
  slot,
  style,
  colour,
  compact,
}: {
  slot: Slot;
  style?: CSSProperties;
  colour: CSSProperties;
  compact?: boolean;
}) {
  const range = `${time(slot.start)} – ${time(slot.end)}`;
  const kind = slot.lesson ? " · Cours" : slot.type === "exam" ? " · Examen" : "";
  const tag = slot.personal && <span className={styles.personalTag}>{PERSONAL_LABEL}</span>;
  return (
    <div
      className={[
        styles.slot,
        slot.lesson && styles.lesson,
        !slot.lesson && slot.type === "exam" && styles.exam,
        slot.checked && styles.checked,
        slot.personal && styles.personal,
        compact && styles.compact,
      ]
        .filter(Boolean)
        .join(" ")}
      style={{ ...colour, ...style }}
      data-testid={slot.lesson ? "timetable-lesson" : "timetable-slot"}
      data-task-id={slot.lesson ? undefined : slot.id}
      title={[slot.titre, slot.personal ? `${PERSONAL_LABEL} (visible par vous seul)` : "", slot.matiere, range, slot.lesson?.description]
        .filter(Boolean)
        .join(" · ")}
    >
      {compact ? (
        <span className={styles.slotLine}>
          <span className={styles.slotTime}>{time(slot.start)}</span> · {tag}
          <strong>{slot.titre}</strong>
        </span>
      ) : (
        <>
          <strong className={styles.slotTitle}>
            {tag}
            {slot.titre}
          </strong>
          <span className={styles.slotTime}>
            {range}
            {kind}
          </span>
          <span className={styles.slotSubject}>{slot.matiere}</span>
        </>
      )}
    </div>
  );
}

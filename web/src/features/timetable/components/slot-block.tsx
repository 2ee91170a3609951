import type { CSSProperties } from "react";
import type { Slot } from "../api/timetable-api";
import styles from "../timetable.module.css";

const time = (d: Date) => d.toLocaleTimeString("fr-FR", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" });

/** One task in the timetable: subject colour, title, time range and type. */
export function SlotBlock({ slot, style, colour, compact }: { slot: Slot; style?: CSSProperties; colour: CSSProperties; compact?: boolean }) {
  const range = `${time(slot.start)} – ${time(slot.end)}`;
  return (
    <div
      className={[styles.slot, slot.type === "exam" && styles.exam, slot.checked && styles.checked, compact && styles.compact].filter(Boolean).join(" ")}
      style={{ ...colour, ...style }}
      data-testid="timetable-slot"
      data-task-id={slot.id}
      title={`${slot.titre} · ${slot.matiere} · ${range}`}
    >
      <strong className={styles.slotTitle}>{slot.titre}</strong>
      <span className={styles.slotTime}>{range}{slot.type === "exam" ? " · Examen" : ""}</span>
      {!compact && <span className={styles.slotSubject}>{slot.matiere}</span>}
    </div>
  );
}

import type { CSSProperties } from "react";
import type { Slot } from "../api/timetable-api";
import { dayLabel, parisDayAndMinutes } from "../model/week";
import { SlotBlock } from "./slot-block";
import styles from "../timetable.module.css";

/** Phone layout: the week as a list of days, each with its tasks in time order. */
export function DayList({
  days,
  today,
  slots,
  colourOf,
  holidayOf,
}: {
  days: string[];
  today: string;
  slots: Slot[];
  colourOf(slot: Slot): CSSProperties;
  holidayOf: ReadonlyMap<string, string>;
}) {
  return (
    <ol className={styles.dayList}>
      {days.map((d) => {
        const daySlots = slots.filter((s) => parisDayAndMinutes(s.start).day === d).sort((a, b) => a.start.getTime() - b.start.getTime());
        return (
          <li key={d} className={d === today ? styles.todayItem : undefined} aria-current={d === today ? "date" : undefined}>
            <h2 className={styles.dayListHead}>
              {dayLabel(d, "long")}
              {d === today && <span className={styles.todayBadge}>Aujourd'hui</span>}
            </h2>
            {holidayOf.has(d) && <p className={styles.holidayLine}>{holidayOf.get(d)}</p>}
            {daySlots.length === 0
              ? !holidayOf.has(d) && <p className={styles.free}>Rien de prévu</p>
              : daySlots.map((s) => <SlotBlock key={s.id} slot={s} colour={colourOf(s)} />)}
          </li>
        );
      })}
    </ol>
  );
}

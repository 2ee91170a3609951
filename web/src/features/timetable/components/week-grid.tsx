import type { CSSProperties } from "react";
import type { Slot } from "../api/timetable-api";
import { dayLabel, FIRST_HOUR, LAST_HOUR, placeDay } from "../model/week";
import { SlotBlock } from "./slot-block";
import styles from "../timetable.module.css";

const HOUR_PX = 56;
const HOURS = Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => FIRST_HOUR + i);

interface Props {
  days: string[];
  today: string;
  slots: Slot[];
  colourOf(slot: Slot): CSSProperties;
  nowMinutes: number | null;
}

/** Monday–Sunday columns over 7h–21h rows; today's column is highlighted. */
export function WeekGrid({ days, today, slots, colourOf, nowMinutes }: Props) {
  const px = (min: number) => (min / 60) * HOUR_PX;
  return (
    <section className={styles.grid} aria-label="Semaine">
      <div className={styles.corner} />
      {days.map((d) => (
        <div key={d} className={`${styles.dayHead} ${d === today ? styles.todayHead : ""}`} aria-current={d === today ? "date" : undefined}>
          {dayLabel(d)}
        </div>
      ))}
      <div className={styles.hours}>
        {HOURS.map((h) => <div key={h} className={styles.hour} style={{ height: HOUR_PX }}>{h}h</div>)}
      </div>
      {days.map((d) => {
        const placed = placeDay(slots, d);
        const outside = placed.filter((p) => p.outside);
        return (
          <div key={d} className={`${styles.dayCol} ${d === today ? styles.todayCol : ""}`} data-day={d} style={{ height: HOURS.length * HOUR_PX }}>
            {HOURS.map((h) => <div key={h} className={styles.line} style={{ top: (h - FIRST_HOUR) * HOUR_PX }} />)}
            {d === today && nowMinutes !== null && nowMinutes >= FIRST_HOUR * 60 && nowMinutes < LAST_HOUR * 60 && (
              <div className={styles.nowLine} style={{ top: px(nowMinutes - FIRST_HOUR * 60) }} aria-hidden />
            )}
            {outside.length > 0 && (
              <div className={styles.outside}>
                {outside.map((p) => <SlotBlock key={p.slot.id} slot={p.slot} colour={colourOf(p.slot)} compact />)}
              </div>
            )}
            {placed.filter((p) => !p.outside).map((p) => (
              <SlotBlock
                key={p.slot.id}
                slot={p.slot}
                colour={colourOf(p.slot)}
                style={{ top: px(p.top), height: px(p.height) - 2, left: `calc(${(p.lane / p.lanes) * 100}% + 2px)`, width: `calc(${100 / p.lanes}% - 4px)` }}
                compact={p.height < 50}
              />
            ))}
          </div>
        );
      })}
    </section>
  );
}

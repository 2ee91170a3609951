import type { CSSProperties } from "react";
import type { Slot } from "../api/timetable-api";
import { dayLabel, hourRange, placeDay } from "../model/week";
import { SlotBlock } from "./slot-block";
import styles from "../timetable.module.css";

const HOUR_PX = 56;
/** Below this height a block has room for one line only: « 10:00 · Titre ». */
const ONE_LINE_PX = 50;

interface Props {
  days: string[];
  today: string;
  slots: Slot[];
  colourOf(slot: Slot): CSSProperties;
  nowMinutes: number | null;
  /** The holiday label of the days that fall in the school's holidays. */
  holidayOf: ReadonlyMap<string, string>;
}

/** Monday–Sunday columns over 7h–21h rows, stretched to the week's earliest and latest slot; today's column is highlighted. */
export function WeekGrid({ days, today, slots, colourOf, nowMinutes, holidayOf }: Props) {
  const range = hourRange(slots, days);
  const hours = Array.from({ length: range.last - range.first }, (_, i) => range.first + i);
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
        {hours.map((h) => (
          <div key={h} className={styles.hour} style={{ height: HOUR_PX }}>
            {h}h
          </div>
        ))}
      </div>
      {days.map((d) => (
        <div
          key={d}
          className={`${styles.dayCol} ${d === today ? styles.todayCol : ""} ${holidayOf.has(d) ? styles.holidayCol : ""}`}
          data-day={d}
          data-holiday={holidayOf.get(d)}
          data-first-hour={range.first}
          style={{ height: hours.length * HOUR_PX }}
        >
          {holidayOf.has(d) && <div className={styles.holidayBand}>{holidayOf.get(d)}</div>}
          {hours.map((h) => (
            <div key={h} className={styles.line} style={{ top: (h - range.first) * HOUR_PX }} />
          ))}
          {d === today && nowMinutes !== null && nowMinutes >= range.first * 60 && nowMinutes < range.last * 60 && (
            <div className={styles.nowLine} style={{ top: px(nowMinutes - range.first * 60) }} aria-hidden />
          )}
          {placeDay(slots, d, range).map((p) => (
            <SlotBlock
              key={p.slot.id}
              slot={p.slot}
              colour={colourOf(p.slot)}
              style={{
                top: px(p.top),
                height: px(p.height) - 2,
                left: `calc(${(p.lane / p.lanes) * 100}% + 2px)`,
                width: `calc(${100 / p.lanes}% - 4px)`,
              }}
              compact={px(p.height) < ONE_LINE_PX}
            />
          ))}
        </div>
      ))}
    </section>
  );
}

import styles from "./quests.module.css";

/** A progress bar (0–100 %) with its ARIA values; `busy` while the value is not known yet. */
export function Meter({
  value,
  label,
  tone = "green",
  large,
  busy,
}: {
  value: number;
  label: string;
  tone?: "green" | "orange";
  large?: boolean;
  busy?: boolean;
}) {
  const pct = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      className={[styles.track, large && styles.large].filter(Boolean).join(" ")}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={busy ? undefined : pct}
      aria-busy={busy || undefined}
    >
      <div className={`${styles.fill} ${styles[tone]}`} style={{ width: `${busy ? 0 : pct}%` }} />
    </div>
  );
}

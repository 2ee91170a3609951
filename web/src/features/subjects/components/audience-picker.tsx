import { GROUPS, TRACK_LABELS, YEARS } from "@planify/common/constants/school";
import { RULE_SPECIALITIES } from "@planify/common/constants/subjects";
import styles from "../subjects.module.css";

export interface AudienceValue {
  yearsAllowed: string[];
  groupsAllowed: string[];
  specialitesAllowed: string[];
}

const SPEC_LABELS: Record<string, string> = { ...TRACK_LABELS, gestion: "Gestion" };

function Checks({
  legend,
  options,
  value,
  onChange,
  label,
}: {
  legend: string;
  options: readonly string[];
  value: string[];
  onChange(v: string[]): void;
  label?(o: string): string;
}) {
  return (
    <fieldset className={styles.checks}>
      <legend>
        {legend} <span className={styles.muted}>(aucun = tous)</span>
      </legend>
      {options.map((o) => (
        <label key={o} className={styles.chip} data-checked={value.includes(o)}>
          <input
            type="checkbox"
            checked={value.includes(o)}
            onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((x) => x !== o))}
          />
          {label ? label(o) : o}
        </label>
      ))}
    </fieldset>
  );
}

/** Who may see a subject: years, groups and specialities (empty lists allow everyone). */
export function AudiencePicker({ value, onChange }: { value: AudienceValue; onChange(v: AudienceValue): void }) {
  return (
    <>
      <Checks legend="Années" options={YEARS} value={value.yearsAllowed} onChange={(v) => onChange({ ...value, yearsAllowed: v })} />
      <Checks legend="Groupes" options={GROUPS} value={value.groupsAllowed} onChange={(v) => onChange({ ...value, groupsAllowed: v })} />
      <Checks
        legend="Spécialités"
        options={RULE_SPECIALITIES}
        value={value.specialitesAllowed}
        onChange={(v) => onChange({ ...value, specialitesAllowed: v })}
        label={(o) => SPEC_LABELS[o] ?? o}
      />
    </>
  );
}

/** "BUT1, BUT2 · A · devweb" or "Tout le monde". */
export function audienceText(a: AudienceValue): string {
  const parts = [
    a.yearsAllowed.join(", "),
    a.groupsAllowed.join(", "),
    a.specialitesAllowed.map((s) => SPEC_LABELS[s] ?? s).join(", "),
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Tout le monde";
}

import { GROUPS } from "@planify/common/constants/school";
import styles from "./dialogs.module.css";

/** Group checkboxes; 'Promo' is exclusive: ticking it clears and disables the others. */
export function GroupPicker({
  value,
  onChange,
  legend = "Groupes",
}: {
  value: string[];
  onChange(groups: string[]): void;
  legend?: string;
}) {
  const promo = value.includes("Promo");
  const toggle = (g: string, on: boolean) => {
    if (g === "Promo") onChange(on ? ["Promo"] : []);
    else onChange(on ? [...value.filter((x) => x !== "Promo"), g] : value.filter((x) => x !== g));
  };
  return (
    <fieldset className={styles.groups}>
      <legend>{legend}</legend>
      {GROUPS.map((g) => (
        <label key={g} className={styles.chip} data-checked={value.includes(g)}>
          <input
            type="checkbox"
            checked={value.includes(g)}
            disabled={promo && g !== "Promo"}
            onChange={(e) => toggle(g, e.target.checked)}
          />
          {g}
        </label>
      ))}
    </fieldset>
  );
}

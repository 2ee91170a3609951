import { useState } from "react";
import { TextField } from "../field";
import { filterOptions, type RewardOption } from "./reward-options";
import styles from "../admin-panel.module.css";

interface Props {
  legend: string;
  options: readonly RewardOption[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/** A multi-select of items or colours with a filter box; the selection survives filtering. */
export function RewardPicker({ legend, options, selected, onChange }: Props) {
  const [filter, setFilter] = useState("");
  const shown = filterOptions(options, filter);
  const toggle = (value: string) => {
    const next = new Set(selected);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    onChange(next);
  };
  return (
    <fieldset className={styles.stack}>
      <legend>
        {legend} ({selected.size} choisi{selected.size > 1 ? "s" : ""})
      </legend>
      <TextField
        label="Filtrer"
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder="Rechercher par nom…"
        autoComplete="off"
      />
      <div className={styles.picker} data-picker="">
        {shown.length === 0 && <p className={styles.muted}>Aucun résultat.</p>}
        {shown.map((o) => (
          <label key={o.value} className={styles.pickerOption}>
            <input type="checkbox" checked={selected.has(o.value)} onChange={() => toggle(o.value)} />
            {o.swatch && <span className={styles.swatch} style={{ background: o.swatch }} aria-hidden="true" />}
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

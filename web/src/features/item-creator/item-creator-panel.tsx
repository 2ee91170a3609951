import { useState } from "react";
import { BorderColorEditor } from "./components/border-color-editor";
import { ItemEditor } from "./components/item-editor";
import panel from "../../components/admin-panel.module.css";

type Mode = "items" | "colors";

/** 'Créateur d'items' (admin): draws created items on every surface, or edits border colours. */
export function ItemCreatorPanel() {
  const [mode, setMode] = useState<Mode>("items");
  return (
    <section className={panel.panel} aria-labelledby="item-creator-title">
      <h2 id="item-creator-title" className={panel.panelTitle}>
        Créateur d'items
      </h2>
      <p className={panel.panelIntro}>
        L'aperçu de chaque surface est l'avatar tel que les élèves le verront. Les items enregistrés se vendent, s'offrent et se mettent
        dans des codes comme les autres.
      </p>
      <fieldset className={panel.choices}>
        <legend>Mode</legend>
        {(
          [
            ["items", "Items dynamiques"],
            ["colors", "Couleurs de bordure"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={panel.choice} data-checked={mode === value}>
            <input type="radio" name="item-creator-mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      {mode === "items" ? <ItemEditor /> : <BorderColorEditor />}
    </section>
  );
}

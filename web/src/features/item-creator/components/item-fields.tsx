import { BACKGROUND_OPACITY, BORDER_OPACITY, ITEM_CREATOR_LIMITS as L } from "@planify/common/constants/item-creator";
import { TextAreaField, TextField } from "../../../components/field";
import type { ItemDraft } from "../model/draft";
import panel from "../../../components/admin-panel.module.css";
import styles from "./item-creator.module.css";

/** The item's own fields: ids, name, price, description, shop flag, opacities and credits. */
export function ItemFields({ draft, onChange }: { draft: ItemDraft; onChange: (p: Partial<ItemDraft>) => void }) {
  return (
    <fieldset className={styles.group}>
      <legend>Item</legend>
      <div className={[panel.row, styles.fieldsRow].join(" ")}>
        <TextField
          label="ID (legacy)"
          inputMode="numeric"
          value={draft.legacyId}
          onChange={(e) => onChange({ legacyId: e.target.value })}
          hint={draft.editingId ? "Il ne change plus une fois l'item possédé." : "Un nombre entier libre (pas 0–28, 100–231)."}
        />
        <TextField label="Nom" value={draft.name} maxLength={L.nameMax} onChange={(e) => onChange({ name: e.target.value })} />
        <TextField
          label="Prix (coins)"
          type="number"
          min={0}
          max={L.priceMax}
          inputMode="numeric"
          value={draft.price}
          onChange={(e) => onChange({ price: e.target.value })}
        />
      </div>
      <TextAreaField
        label="Description (comment l'obtenir)"
        rows={2}
        maxLength={L.infoDescriptionMax}
        value={draft.infoDescription}
        onChange={(e) => onChange({ infoDescription: e.target.value })}
      />
      <div className={panel.row}>
        <TextField
          label={`Opacité de la bordure (${draft.borderOpacity.toFixed(2).replace(".", ",")})`}
          type="range"
          min={BORDER_OPACITY.min}
          max={BORDER_OPACITY.max}
          step={BORDER_OPACITY.step}
          value={draft.borderOpacity}
          onChange={(e) => onChange({ borderOpacity: Number(e.target.value) })}
        />
        <TextField
          label={`Opacité du fond (${draft.backgroundOpacity} %)`}
          type="range"
          min={BACKGROUND_OPACITY.min}
          max={BACKGROUND_OPACITY.max}
          step={BACKGROUND_OPACITY.step}
          value={draft.backgroundOpacity}
          onChange={(e) => onChange({ backgroundOpacity: Number(e.target.value) })}
        />
      </div>
      <TextField
        label="Crédits (créateurs)"
        maxLength={L.creditsMax}
        value={draft.credits}
        onChange={(e) => onChange({ credits: e.target.value })}
        hint="Séparez les noms par , ; & + / ou « et » : seuls les noms de comptes existants sont gardés."
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.availableInDailyShop}
          onChange={(e) => onChange({ availableInDailyShop: e.target.checked })}
        />
        Peut apparaître dans la boutique quotidienne
      </label>
    </fieldset>
  );
}

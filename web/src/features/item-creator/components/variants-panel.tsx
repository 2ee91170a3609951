import { ITEM_CREATOR_LIMITS } from "@planify/common/constants/item-creator";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import type { ItemSurface } from "../../../components/item-art/surfaces";
import { NO_BACKGROUND, nextVariantName, emptyVariant, type BackgroundChoice, type DraftVariant } from "../model/draft";
import panel from "../../../components/admin-panel.module.css";
import styles from "./item-creator.module.css";

export interface VariantsPanelProps {
  variants: DraftVariant[];
  current: number;
  surface: ItemSurface;
  surfaceLabel: string;
  onCurrent: (index: number) => void;
  onVariants: (variants: DraftVariant[]) => void;
}

const FLAGS = [
  ["removeNavbarBorder", "Sans bordure dans la barre du haut"],
  ["removeLeaderboardBorder", "Sans bordure dans le classement"],
  ["removeProfilePopupBorder", "Sans bordure dans le profil"],
] as const;

/** Style variants ('Style' is the base), text-only variants, border flags and this surface's background. */
export function VariantsPanel({ variants, current, surface, surfaceLabel, onCurrent, onVariants }: VariantsPanelProps) {
  const v = variants[current]!;
  const put = (patch: Partial<DraftVariant>) => onVariants(variants.map((x, i) => (i === current ? { ...x, ...patch } : x)));
  const bg = v.backgrounds[surface] ?? NO_BACKGROUND;
  const putBg = (patch: Partial<BackgroundChoice>) => put({ backgrounds: { ...v.backgrounds, [surface]: { ...bg, ...patch } } });

  function add() {
    onVariants([...variants, emptyVariant(nextVariantName(variants))]);
    onCurrent(variants.length);
  }
  function remove() {
    onVariants(variants.filter((_, i) => i !== current));
    onCurrent(Math.max(0, current - 1));
  }

  return (
    <fieldset className={styles.group}>
      <legend>Variantes de style</legend>
      <div className={panel.choices} role="radiogroup" aria-label="Style modifié">
        {variants.map((x, i) => (
          <label key={i} className={panel.choice} data-checked={i === current}>
            <input type="radio" name="item-variant" checked={i === current} onChange={() => onCurrent(i)} />
            {x.name || `Style ${i + 1}`}
          </label>
        ))}
        <Button size="small" variant="secondary" onClick={add} disabled={variants.length > ITEM_CREATOR_LIMITS.variantsMax}>
          Ajouter une variante
        </Button>
      </div>
      <div className={panel.row}>
        <TextField
          label="Nom du style"
          value={v.name}
          maxLength={ITEM_CREATOR_LIMITS.variantNameMax}
          onChange={(e) => put({ name: e.target.value })}
        />
        {current > 0 && (
          <div>
            <Button size="small" variant="danger" onClick={remove}>
              Supprimer cette variante
            </Button>
          </div>
        )}
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={v.textOnly} onChange={(e) => put({ textOnly: e.target.checked })} />
        Texte seul (les images de ce style sont masquées)
      </label>
      {v.textOnly && (
        <TextField
          label="Texte de la variante"
          value={v.textContent}
          maxLength={current === 0 ? ITEM_CREATOR_LIMITS.defaultTextMax : ITEM_CREATOR_LIMITS.textContentMax}
          onChange={(e) => put({ textContent: e.target.value })}
        />
      )}
      <div className={styles.checks}>
        {FLAGS.map(([flag, label]) => (
          <label key={flag} className={styles.check}>
            <input type="checkbox" checked={v[flag]} onChange={(e) => put({ [flag]: e.target.checked })} />
            {label}
          </label>
        ))}
      </div>
      <div className={panel.choices} role="radiogroup" aria-label={`Fond sur ${surfaceLabel}`}>
        <span className={styles.inlineLegend}>Fond · {surfaceLabel}</span>
        {(
          [
            ["none", "Aucun"],
            ["color", "Couleur"],
            ["gradient", "Dégradé"],
          ] as const
        ).map(([kind, label]) => (
          <label key={kind} className={panel.choice} data-checked={bg.kind === kind}>
            <input type="radio" name="item-background" checked={bg.kind === kind} onChange={() => putBg({ kind })} />
            {label}
          </label>
        ))}
      </div>
      {bg.kind !== "none" && (
        <div className={panel.row}>
          <TextField
            label={bg.kind === "gradient" ? "Couleur 1" : "Couleur"}
            type="color"
            value={bg.color}
            onChange={(e) => putBg({ color: e.target.value })}
          />
          {bg.kind === "gradient" && (
            <>
              <TextField label="Couleur 2" type="color" value={bg.color2} onChange={(e) => putBg({ color2: e.target.value })} />
              <TextField
                label="Angle (°)"
                type="number"
                min={0}
                max={360}
                value={bg.angle}
                onChange={(e) => {
                  const n = Number(e.target.value);
                  if (Number.isInteger(n) && n >= 0 && n <= 360) putBg({ angle: n });
                }}
              />
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}

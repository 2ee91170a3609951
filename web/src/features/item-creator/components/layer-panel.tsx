import { useRef, type ChangeEvent } from "react";
import { OBJECT_FITS } from "@planify/common/constants/item-creator";
import { Button } from "../../../components/button";
import { SelectField, TextField } from "../../../components/field";
import { isPlacedSurface, LAYER_PLACEMENTS, LAYER_TARGETS, type ItemSurface } from "../../../components/item-art/surfaces";
import { applyEverywhere, boxOf, patchBox, placementOf, reorder, setPlacement, type EditorLayer, type LayerBox } from "../model/layers";
import panel from "../../../components/admin-panel.module.css";
import styles from "./item-creator.module.css";

const PLACEMENT_LABELS = { above: "Au-dessus", inside: "Dedans", below: "En dessous" } as const;
const TARGET_LABELS: Record<string, string> = {
  "user-avatar": "Photo",
  "user-avatar-container": "Conteneur",
  "avatar-image-container": "Photo",
  "user-account-wrapper": "Conteneur du compte",
  "profile-avatar": "Photo",
  "profile-avatar-scaler": "Conteneur agrandi",
};
const FIT_LABELS: Record<string, string> = { contain: "Contenir", cover: "Couvrir", fill: "Remplir" };
const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp,image/svg+xml";

export interface LayerPanelProps {
  layers: EditorLayer[];
  selectedKey: string | null;
  surface: ItemSurface;
  mobile: boolean;
  surfaceLabel: string;
  busy: boolean;
  onSelect: (key: string | null) => void;
  onLayers: (layers: EditorLayer[]) => void;
  onAdd: (files: File[]) => void;
  /** Replaces the selected layer's image; the parent says when none is selected. */
  onReplace: (file: File | null) => void;
}

const fileList = (e: ChangeEvent<HTMLInputElement>) => {
  const files = [...(e.target.files ?? [])];
  e.target.value = "";
  return files;
};

/** The layers of the edited style: add, select, order, remove, replace, and the selected one's numbers on this surface. */
export function LayerPanel({
  layers,
  selectedKey,
  surface,
  mobile,
  surfaceLabel,
  busy,
  onSelect,
  onLayers,
  onAdd,
  onReplace,
}: LayerPanelProps) {
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const index = layers.findIndex((l) => l.key === selectedKey);
  const selected = index >= 0 ? layers[index]! : null;
  const box = selected ? boxOf(selected, surface, mobile) : null;

  const put = (layer: EditorLayer) => onLayers(layers.map((l) => (l.key === layer.key ? layer : l)));
  const patch = (p: Partial<LayerBox>) => selected && put(patchBox(selected, surface, mobile, p));
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.replace(",", ".")));
  const field = (key: keyof LayerBox, text: string) => {
    const n = number(text);
    if (Number.isFinite(n)) patch({ [key]: n });
  };

  function replace() {
    if (!selected) return onReplace(null);
    replaceInput.current?.click();
  }

  return (
    <fieldset className={styles.group}>
      <legend>Calques</legend>
      <div className={panel.actions}>
        <Button size="small" onClick={() => addInput.current?.click()} disabled={busy}>
          {busy ? "Envoi…" : "Ajouter une image"}
        </Button>
        <Button size="small" variant="secondary" onClick={replace} disabled={busy}>
          Remplacer l'image
        </Button>
        <input
          ref={addInput}
          type="file"
          accept={IMAGE_TYPES}
          multiple
          hidden
          aria-label="Images à ajouter"
          data-testid="layer-upload"
          onChange={(e) => onAdd(fileList(e))}
        />
        <input
          ref={replaceInput}
          type="file"
          accept={IMAGE_TYPES}
          hidden
          aria-label="Image de remplacement"
          onChange={(e) => onReplace(fileList(e)[0] ?? null)}
        />
      </div>
      {layers.length === 0 ? (
        <p className={panel.muted}>Aucun calque : ajoutez une image (PNG, JPEG, GIF, WebP ou SVG, 2 Mo au plus).</p>
      ) : (
        <ol className={styles.layerList} aria-label="Calques (le dernier est dessiné par-dessus)">
          {layers.map((l, i) => (
            <li key={l.key} className={styles.layerRow} data-selected={l.key === selectedKey || undefined}>
              <button
                type="button"
                className={styles.layerPick}
                aria-pressed={l.key === selectedKey}
                onClick={() => onSelect(l.key === selectedKey ? null : l.key)}
              >
                <img src={l.src} alt="" className={styles.thumb} />
                <span>Calque {i + 1}</span>
              </button>
              <Button
                size="small"
                variant="ghost"
                aria-label={`Monter le calque ${i + 1}`}
                disabled={i === layers.length - 1}
                onClick={() => onLayers(reorder(layers, i, 1))}
              >
                ▲
              </Button>
              <Button
                size="small"
                variant="ghost"
                aria-label={`Descendre le calque ${i + 1}`}
                disabled={i === 0}
                onClick={() => onLayers(reorder(layers, i, -1))}
              >
                ▼
              </Button>
              <Button
                size="small"
                variant="ghost"
                aria-label={`Supprimer le calque ${i + 1}`}
                onClick={() => {
                  onLayers(layers.filter((x) => x.key !== l.key));
                  if (l.key === selectedKey) onSelect(null);
                }}
              >
                ✕
              </Button>
            </li>
          ))}
        </ol>
      )}
      {selected && box && (
        <fieldset className={[styles.props, panel.stack].join(" ")}>
          <legend className="visually-hidden">
            Calque {index + 1} sur {surfaceLabel}
          </legend>
          <p className={panel.muted}>
            Calque {index + 1} · {surfaceLabel} (en % de l'avatar ; chaque surface garde sa position).
          </p>
          <div className={styles.propGrid}>
            <TextField label="Haut (%)" type="number" step={1} value={box.top} onChange={(e) => field("top", e.target.value)} />
            <TextField label="Gauche (%)" type="number" step={1} value={box.left} onChange={(e) => field("left", e.target.value)} />
            <TextField
              label="Largeur (%)"
              type="number"
              step={1}
              min={5}
              value={box.width}
              onChange={(e) => field("width", e.target.value)}
            />
            <TextField
              label="Hauteur (%)"
              type="number"
              step={1}
              min={5}
              placeholder="= largeur"
              value={box.height ?? ""}
              onChange={(e) => (e.target.value === "" ? patch({ height: undefined }) : field("height", e.target.value))}
            />
            <TextField label="Rotation (°)" type="number" step={1} value={box.rotate} onChange={(e) => field("rotate", e.target.value)} />
            <TextField label="Z-index" type="number" step={1} value={box.zIndex} onChange={(e) => field("zIndex", e.target.value)} />
            <SelectField
              label="Ajustement"
              value={box.objectFit}
              options={OBJECT_FITS.map((f) => ({ value: f, label: FIT_LABELS[f] ?? f }))}
              onChange={(e) => patch({ objectFit: e.target.value as LayerBox["objectFit"] })}
            />
          </div>
          <div>
            <Button size="small" variant="secondary" onClick={() => put(applyEverywhere(selected, surface, mobile))}>
              Appliquer cette position à toutes les surfaces
            </Button>
          </div>
          {isPlacedSurface(surface) && (
            <div className={styles.propGrid}>
              <SelectField
                label="Placement"
                value={placementOf(selected, surface).placement}
                options={LAYER_PLACEMENTS.map((p) => ({ value: p, label: PLACEMENT_LABELS[p] }))}
                onChange={(e) => put(setPlacement(selected, surface, { placement: e.target.value as (typeof LAYER_PLACEMENTS)[number] }))}
              />
              <SelectField
                label="Cible"
                value={placementOf(selected, surface).target}
                options={LAYER_TARGETS[surface].map((t) => ({ value: t, label: `${TARGET_LABELS[t] ?? t} (${t})` }))}
                onChange={(e) => put(setPlacement(selected, surface, { target: e.target.value }))}
              />
            </div>
          )}
        </fieldset>
      )}
    </fieldset>
  );
}

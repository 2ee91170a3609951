import { useState } from "react";
import { ITEM_CREATOR_MESSAGES as M } from "@planify/common/constants/item-creator";
import type { ShopItem } from "@planify/common/schemas/items";
import { Button } from "../../../components/button";
import { CheckIcon } from "../../../components/icons";
import { useSession } from "../../../lib/use-session";
import { errorText, ApiError } from "../../../lib/api";
import { useFlash } from "../../../lib/use-flash";
import type { ItemSurface } from "../../../components/item-art/surfaces";
import { createItem, updateItem, uploadImages, useCatalogueMutation } from "../api/items-admin";
import { drawableOf, emptyDraft, fromItem, toBody, type DraftVariant, type ItemDraft } from "../model/draft";
import { newLayer, type EditorLayer } from "../model/layers";
import { saveFailure, validateDraft } from "../model/validate";
import { CanvasTabs, SURFACE_LABELS } from "./canvas-tabs";
import { ItemFields } from "./item-fields";
import { LayerPanel } from "./layer-panel";
import { SavedItems } from "./saved-items";
import { SurfaceCanvas } from "./surface-canvas";
import { TestShopButtons } from "./test-shop-buttons";
import { VariantsPanel } from "./variants-panel";
import panel from "../../../components/admin-panel.module.css";
import styles from "./item-creator.module.css";

/** 'Items dynamiques': draw an item on every surface, its variants, and save, edit or test it. */
export function ItemEditor() {
  const user = useSession()?.user;
  const [draft, setDraft] = useState<ItemDraft>(emptyDraft);
  const [current, setCurrent] = useState(0);
  const [surface, setSurface] = useState<ItemSurface>("collection");
  const [mobile, setMobile] = useState(false);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [flash, showFlash] = useFlash();
  const create = useCatalogueMutation(createItem);
  const update = useCatalogueMutation(updateItem);

  const variant = draft.variants[current] ?? draft.variants[0]!;
  const layers = variant.textOnly ? [] : variant.layers;
  const item = drawableOf(draft);
  const surfaceLabel = SURFACE_LABELS[surface] + (surface === "collection" ? (mobile ? " (mobile)" : " (desktop)") : "");

  const patch = (p: Partial<ItemDraft>) => setDraft((d) => ({ ...d, ...p }));
  const setVariants = (variants: DraftVariant[]) => setDraft((d) => ({ ...d, variants }));
  const setLayers = (next: EditorLayer[]) => setVariants(draft.variants.map((v, i) => (i === current ? { ...v, layers: next } : v)));
  const putLayer = (layer: EditorLayer) => setLayers(layers.map((l) => (l.key === layer.key ? layer : l)));
  const fail = (text: string) => {
    showFlash(null);
    setError(text);
  };
  const done = (text: string) => {
    setError(null);
    showFlash(text);
  };

  async function add(files: File[]) {
    if (files.length === 0) return;
    setUploading(true);
    try {
      const urls = await uploadImages(files);
      const added = urls.map(newLayer);
      setLayers([...layers, ...added]);
      setSelectedKey(added.at(-1)?.key ?? null);
      done(added.length > 1 ? `${added.length} calques ajoutés.` : "Calque ajouté.");
    } catch (err) {
      fail(errorText(err, "") ? `${M.uploadFailed} : ${errorText(err, "")}` : M.uploadFailed);
    } finally {
      setUploading(false);
    }
  }

  async function replace(file: File | null) {
    if (!selectedKey) return fail(M.selectAssetFirst);
    const target = layers.find((l) => l.key === selectedKey);
    if (!target) return fail(M.assetNotFound);
    if (!file) return;
    setUploading(true);
    try {
      const [url] = await uploadImages([file]);
      if (!url) return fail(M.assetNotFound);
      putLayer({ ...target, src: url });
      done("Image remplacée.");
    } catch (err) {
      fail(M.replaceFailed(errorText(err, M.uploadFailed)));
    } finally {
      setUploading(false);
    }
  }

  function reset(next: ItemDraft = emptyDraft()) {
    setDraft(next);
    setCurrent(0);
    setSelectedKey(null);
  }

  async function save() {
    const problem = validateDraft(draft);
    if (problem) return fail(problem);
    const creating = draft.editingId === null;
    try {
      const res = creating
        ? await create.mutateAsync(toBody(draft))
        : await update.mutateAsync({ id: draft.editingId!, body: toBody(draft) });
      // The form stays on the saved item, now in edit mode (the server may have kept fewer creators).
      reset(fromItem(res.item));
      done(res.message);
    } catch (err) {
      fail(saveFailure(err instanceof ApiError && !err.isNetwork ? err.serverMessage : null, creating));
    }
  }

  function edit(saved: ShopItem) {
    reset(fromItem(saved));
    setError(null);
    showFlash(`Modification de « ${saved.name} ».`);
  }

  const saving = create.isPending || update.isPending;
  return (
    <div className={styles.editor}>
      <div className={styles.workspace}>
        <div className={styles.column}>
          <CanvasTabs surface={surface} mobile={mobile} onSurface={setSurface} onMobile={setMobile}>
            {user && (
              <SurfaceCanvas
                user={user}
                item={item}
                variant={current}
                surface={surface}
                mobile={mobile}
                layers={layers}
                selectedKey={selectedKey}
                onSelect={setSelectedKey}
                onChange={putLayer}
                label={surfaceLabel}
              />
            )}
          </CanvasTabs>
          <p id="item-canvas-help" className={panel.muted}>
            Glissez un calque pour le déplacer, son coin pour le redimensionner ; au clavier : flèches (Maj : 10 %), Alt + flèches pour la
            taille.
          </p>
          {variant.textOnly ? (
            <p className={panel.muted}>Ce style est en texte seul : ses images sont masquées.</p>
          ) : (
            <LayerPanel
              layers={layers}
              selectedKey={selectedKey}
              surface={surface}
              mobile={mobile}
              surfaceLabel={surfaceLabel}
              busy={uploading}
              onSelect={setSelectedKey}
              onLayers={setLayers}
              onAdd={add}
              onReplace={replace}
            />
          )}
        </div>
        <div className={styles.column}>
          <VariantsPanel
            variants={draft.variants}
            current={current}
            surface={surface}
            surfaceLabel={surfaceLabel}
            onCurrent={(i) => {
              setCurrent(i);
              setSelectedKey(null);
            }}
            onVariants={setVariants}
          />
          <ItemFields draft={draft} onChange={patch} />
          <div className={panel.actions}>
            <Button onClick={save} disabled={saving}>
              {saving ? "Enregistrement…" : draft.editingId ? "Mettre à jour" : "Enregistrer l'item"}
            </Button>
            {draft.editingId && (
              <Button
                variant="secondary"
                onClick={() => {
                  reset();
                  setError(null);
                }}
              >
                Nouvel item
              </Button>
            )}
            <TestShopButtons legacyIdText={draft.legacyId} onDone={done} onFail={fail} />
          </div>
          <div className={panel.actions} aria-live="polite">
            {flash && (
              <p className={panel.success} role="status">
                <CheckIcon size={18} /> {flash}
              </p>
            )}
            {error && (
              <p className={panel.error} role="alert">
                {error}
              </p>
            )}
          </div>
        </div>
      </div>
      <SavedItems editingId={draft.editingId} onEdit={edit} onDeleted={(id) => id === draft.editingId && reset()} />
    </div>
  );
}

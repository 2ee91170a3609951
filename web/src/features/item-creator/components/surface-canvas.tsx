import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from "react";
import { UserAvatar, type AvatarUser } from "../../../components/item-art/user-avatar";
import { resolveLook, type DrawableItem } from "../../../components/item-art/drawable-item";
import { avatarSizeOn, canvasSizeOf, ringWidthPx, type ItemSurface } from "../../../components/item-art/surfaces";
import { ITEM_CANVAS_SIZES } from "@planify/common/constants/item-creator";
import { boxOf, dragBy, nudge, resizeBy, type EditorLayer, type LayerBox } from "../model/layers";
import styles from "./item-creator.module.css";

export interface SurfaceCanvasProps {
  user: AvatarUser;
  item: DrawableItem;
  variant: number;
  surface: ItemSurface;
  mobile: boolean;
  /** The layers of the variant being edited (none for a text-only variant). */
  layers: EditorLayer[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
  onChange: (layer: EditorLayer) => void;
  /** The surface's French name, for the canvas's label. */
  label: string;
}

const surfaceLabel = (w: number, h: number) => (w === h ? `${w} px` : `${w} × ${h} px`);

/**
 * One surface of the creator: the avatar drawn by the app's own renderer at the surface's
 * exact size, enlarged for editing, with a frame per layer to drag (move), to drag by its
 * corner (resize) or to move with the arrow keys; and the same avatar at real size beside it.
 */
export function SurfaceCanvas({
  user,
  item,
  variant,
  surface,
  mobile,
  layers,
  selectedKey,
  onSelect,
  onChange,
  label,
}: SurfaceCanvasProps) {
  const { width, height } = canvasSizeOf(surface, mobile);
  const avatar = avatarSizeOn(surface, mobile);
  const zoom = ITEM_CANVAS_SIZES.default.width / Math.max(width, height);
  const drag = useRef<{ key: string; mode: "move" | "resize"; x: number; y: number; start: LayerBox } | null>(null);
  // The frames follow what the renderer resolved, so they sit exactly on the drawn images.
  const look = resolveLook(item, variant, surface, mobile);
  const ring = look.hideBorder ? 0 : ringWidthPx(avatar);

  function down(e: PointerEvent, layer: EditorLayer, mode: "move" | "resize") {
    e.preventDefault();
    e.stopPropagation();
    onSelect(layer.key);
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    drag.current = { key: layer.key, mode, x: e.clientX, y: e.clientY, start: boxOf(layer, surface, mobile) };
  }
  function move(e: PointerEvent, layer: EditorLayer) {
    const d = drag.current;
    if (!d || d.key !== layer.key) return;
    const px = avatar * zoom;
    const fn = d.mode === "move" ? dragBy : resizeBy;
    onChange(fn(layer, surface, mobile, d.start, e.clientX - d.x, e.clientY - d.y, px));
  }
  const up = () => {
    drag.current = null;
  };
  function key(e: KeyboardEvent, layer: EditorLayer) {
    const next = nudge(layer, surface, mobile, e.key, e.shiftKey, e.altKey);
    if (!next) return;
    e.preventDefault();
    onChange(next);
  }

  return (
    <div className={styles.canvasRow}>
      <figure className={styles.stage} aria-label={`Aperçu ${label} (${surfaceLabel(width, height)})`}>
        <div className={styles.zoom} style={{ width: width * zoom, height: height * zoom } as CSSProperties}>
          <div
            className={styles.box}
            style={{ width, height, transform: `scale(${zoom})` }}
            data-testid={`canvas-${surface}`}
            data-round={width === height || undefined}
          >
            <span className={styles.avatarSlot} style={{ width: avatar, height: avatar }}>
              <UserAvatar user={user} size={avatar} itemId={null} item={item} variant={variant} surface={surface} mobile={mobile} />
              {layers.map((layer, i) => {
                const drawn = look.layers[i];
                if (!drawn) return null;
                const selected = layer.key === selectedKey;
                const inset = drawn.placement === "inside" || !drawn.onContainer ? ring : 0;
                const css = drawn.style;
                return (
                  <span key={layer.key} className={styles.handleBox} style={{ inset }}>
                    <button
                      type="button"
                      className={styles.handle}
                      data-selected={selected || undefined}
                      style={{ top: css.top, left: css.left, width: css.width, height: css.height, transform: css.transform }}
                      aria-label={`Déplacer le calque ${i + 1}`}
                      aria-pressed={selected}
                      aria-describedby="item-canvas-help"
                      onClick={() => onSelect(layer.key)}
                      onKeyDown={(e) => key(e, layer)}
                      onPointerDown={(e) => down(e, layer, "move")}
                      onPointerMove={(e) => move(e, layer)}
                      onPointerUp={up}
                      onPointerCancel={up}
                    >
                      {selected && (
                        <span
                          className={styles.grip}
                          aria-hidden="true"
                          onPointerDown={(e) => down(e, layer, "resize")}
                          onPointerMove={(e) => move(e, layer)}
                          onPointerUp={up}
                          onPointerCancel={up}
                        />
                      )}
                    </button>
                  </span>
                );
              })}
            </span>
          </div>
        </div>
        <figcaption className={styles.caption}>
          {label} · {surfaceLabel(width, height)} · zoom ×{zoom.toFixed(1).replace(".", ",")}
        </figcaption>
      </figure>
      <div className={styles.realSize}>
        <span className={styles.realBox} style={{ width, height }}>
          <UserAvatar user={user} size={avatar} itemId={null} item={item} variant={variant} surface={surface} mobile={mobile} />
        </span>
        <span className={styles.caption}>Taille réelle</span>
      </div>
    </div>
  );
}

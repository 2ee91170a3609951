import type { CSSProperties } from "react";
import { useItems } from "../../lib/economy/items-api";
import type { DrawableItem, ResolvedLook } from "./drawable-item";
import type { LayerPlacement } from "./surfaces";
import styles from "./user-avatar.module.css";

/**
 * The catalogue's created item of this id (GET /items, loaded only when an avatar shows a
 * created item), or the draft the item creator passes in.
 */
export function useCreatedItem(itemId: number | null, draft: DrawableItem | undefined): DrawableItem | undefined {
  const { data } = useItems(itemId !== null && !draft);
  if (draft) return draft;
  return data?.find((i) => i.id === itemId || i.legacyId === itemId);
}

/**
 * The layers of a created item that sit at one placement: behind the avatar, clipped inside
 * its circle, or over it. Each is laid out on the avatar picture or on its whole container.
 */
export function CreatedLayers({ look, placement }: { look: ResolvedLook; placement: LayerPlacement }) {
  const layers = look.layers.filter((l) => l.placement === placement);
  if (layers.length === 0) return null;
  return (
    <>
      {layers.map((l, i) => (
        <span key={i} className={placement === "inside" ? styles.insideBox : l.onContainer ? styles.containerBox : styles.pictureBox}>
          <img className={styles.asset} src={l.src} alt="" style={l.style} draggable={false} />
        </span>
      ))}
    </>
  );
}

/** The background a created item paints behind the avatar on this surface. */
export function CreatedBackground({ look }: { look: ResolvedLook }) {
  if (!look.background) return null;
  return (
    <span
      className={styles.background}
      style={{ background: look.background, opacity: look.backgroundOpacity } as CSSProperties}
      aria-hidden="true"
    />
  );
}

import type { CSSProperties } from "react";
import { useItems, type ItemAssetStyle } from "../../lib/economy/items-api";
import styles from "./user-avatar.module.css";

const unit = (v: number | string | undefined, fallback: string) =>
  v === undefined ? fallback : typeof v === "number" ? `${v}%` : v;

function assetStyle(s: ItemAssetStyle | undefined): CSSProperties {
  return {
    top: unit(s?.top, "-30%"),
    left: unit(s?.left, "-30%"),
    width: unit(s?.width, "160%"),
    height: unit(s?.height, "160%"),
    transform: s?.rotate !== undefined ? `rotate(${typeof s.rotate === "number" ? `${s.rotate}deg` : s.rotate})` : undefined,
    zIndex: s?.zIndex,
    objectFit: (s?.objectFit as CSSProperties["objectFit"]) ?? "contain",
  };
}

/** Draws an item created by an admin (images placed over the avatar), in its chosen variant. */
export function CreatedItemArt({ itemId, variant }: { itemId: number; variant: number }) {
  const { data } = useItems();
  const item = data?.find((i) => i.id === itemId || i.legacyId === itemId);
  if (!item) return null;
  const chosen = item.variants?.[variant];
  const assets = chosen?.assets?.length ? chosen.assets : (item.assets ?? []);
  return (
    <>
      {assets.map((a, i) => <img key={i} className={styles.asset} src={a.src} alt="" style={assetStyle(a.style)} draggable={false} />)}
    </>
  );
}

import { useId, useState, type CSSProperties } from "react";
import { DISCORD_ITEM_ID, JOJO_ITEM_ID } from "@planify/common/constants/catalogue";
import { DECORATIONS } from "./decorations/registry";
import { borderPaint, colorIdOf, resolveBorder, type ColorLookup } from "./border-paint";
import { borderColor } from "@planify/common/constants/border-colors";
import { useBorderColors } from "../../lib/economy/items-api";
import { CreatedBackground, CreatedLayers, useCreatedItem } from "./created-item-art";
import { resolveLook, type DrawableItem } from "./drawable-item";
import { ringWidthPx, type ItemSurface } from "./surfaces";
import styles from "./user-avatar.module.css";
import { useSession } from "../../lib/use-session";
import { useCachedInventory } from "../../lib/economy/coins-api";
import { loadDynamicVariants } from "../../lib/economy/dynamic-variants";

/** The fields of a user that the avatar draws (a session user, a leaderboard row...). */
export interface AvatarUser {
  id?: string;
  username: string;
  avatar?: string | null;
  avatarVersion?: number;
  equippedItemId?: number | null;
  /** Plain ("red") or composite ("red:1:0") colour id. */
  selectedBorderColor?: string;
  discordVariantIndex?: number;
  jojoVariantIndex?: number;
  dynamicItemVariants?: Record<string, number>;
}

export interface UserAvatarProps {
  user: AvatarUser;
  /** Diameter in px of the avatar with its border; decorations reach 30 % further out. */
  size?: number;
  /** Shows this item instead of the equipped one (collection previews); null shows none. */
  itemId?: number | null;
  /** Shows this colour instead of the selected one (colour pickers). */
  borderColorId?: string;
  /** Paints the ring with this CSS colour or gradient (the colour editor's unsaved colour). */
  ringPaint?: string;
  /** Style variant of the shown item (Discord, Jojo, created items with variants). */
  variant?: number;
  /** Where the avatar is drawn: a created item may be placed differently on each surface. */
  surface?: ItemSurface;
  /** The phone layout of the surface (the collection has its own placement there). */
  mobile?: boolean;
  /** Draws this created item (the item creator's unsaved draft) instead of a catalogue one. */
  item?: DrawableItem;
  className?: string;
}

function pictureUrl(user: AvatarUser): string | null {
  const a = user.avatar;
  if (!a) return null;
  if (/^(https?:|data:|blob:|\/)/.test(a)) return a;
  return user.id ? `/api/users/avatar/${encodeURIComponent(user.id)}?v=${user.avatarVersion ?? 0}` : null;
}

function variantOf(user: AvatarUser, itemId: number, discord: number, jojo: number): number {
  if (itemId === DISCORD_ITEM_ID) return user.discordVariantIndex ?? discord;
  if (itemId === JOJO_ITEM_ID) return user.jojoVariantIndex ?? jojo;
  return user.dynamicItemVariants?.[String(itemId)] ?? 0;
}

/**
 * For the current user, the session's picture and what the inventory says win: a new avatar
 * or an equip shows at once everywhere (top bar, boards, profile popup).
 */
function useOwnInventory(given: AvatarUser): AvatarUser {
  const me = useSession()?.user;
  const inv = useCachedInventory();
  const mine = me && (given.id ? given.id === me.id : given.username === me.username);
  if (!mine) return given;
  // The newest picture wins (a board row read before an upload carries the old version).
  const user =
    (me.avatarVersion ?? 0) >= (given.avatarVersion ?? 0) ? { ...given, avatar: me.avatar, avatarVersion: me.avatarVersion } : given;
  // Before the inventory answers, the variants this browser remembers are the best guess.
  if (!inv) return { ...user, dynamicItemVariants: { ...user.dynamicItemVariants, ...loadDynamicVariants(me.id) } };
  return {
    ...user,
    equippedItemId: inv.equippedItemId,
    selectedBorderColor: inv.selectedBorderColor,
    discordVariantIndex: inv.discordVariantIndex,
    jojoVariantIndex: inv.jojoVariantIndex,
    dynamicItemVariants: inv.dynamicItemVariants,
  };
}

/** Colours made in the item creator: the server's list is read only when a colour is not a fixed one. */
function useCreatedColors(colorId: string): ColorLookup | undefined {
  const { data } = useBorderColors(colorId !== "" && borderColor(colorId) === undefined);
  if (!data) return undefined;
  return (id) => data.find((c) => c.id === id);
}

/**
 * A user's avatar with its border colour or gradient and the equipped item drawn on it.
 * The same component serves the top bar, the collection and the leaderboards.
 */
export function UserAvatar({
  user: given,
  size = 40,
  itemId,
  borderColorId,
  variant,
  surface = "avatar",
  mobile = false,
  item,
  ringPaint,
  className,
}: UserAvatarProps) {
  const user = useOwnInventory(given);
  const uid = useId().replace(/[^a-zA-Z0-9]/g, "");
  // Remembers which URL failed: a new picture (new version) gets its own try.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const lookup = useCreatedColors(colorIdOf(borderColorId ?? user.selectedBorderColor));
  const border = resolveBorder(user.selectedBorderColor, lookup);
  const paint = ringPaint ?? (borderColorId ? borderPaint(borderColorId, lookup) : border.paint);
  const shown = itemId === undefined ? (user.equippedItemId ?? null) : itemId;
  const v = variant ?? (shown === null ? 0 : variantOf(user, shown, border.discordVariant, border.jojoVariant));
  const art = shown !== null && shown !== 0 ? DECORATIONS[shown]?.(v, uid) : undefined;
  const created = useCreatedItem(shown !== null && shown !== 0 && !DECORATIONS[shown] ? shown : null, item);
  const look = created ? resolveLook(created, v, surface, mobile) : null;
  const url = pictureUrl(user);
  const src = url === brokenUrl ? null : url;
  const style = {
    "--avatar-size": `${size}px`,
    "--avatar-border": look?.hideBorder ? "0px" : `${ringWidthPx(size)}px`,
    "--avatar-paint": look?.hideBorder ? "transparent" : paint,
    "--avatar-border-opacity": look?.borderOpacity ?? 1,
  } as CSSProperties;

  return (
    <span
      className={[styles.root, className].filter(Boolean).join(" ")}
      style={style}
      data-item-id={shown ?? undefined}
      data-border={borderColorId ?? border.colorId}
      data-surface={surface}
    >
      {look && <CreatedBackground look={look} />}
      {art?.back && (
        <svg className={styles.layer} viewBox="-30 -30 160 160" aria-hidden="true">
          {art.back}
        </svg>
      )}
      {look && <CreatedLayers look={look} placement="below" />}
      <span className={styles.ring}>
        <span className={styles.face}>
          {src ? (
            <img src={src} alt="" onError={() => setBrokenUrl(src)} draggable={false} />
          ) : (
            user.username.trim().slice(0, 1).toUpperCase() || "?"
          )}
          {look && <CreatedLayers look={look} placement="inside" />}
        </span>
      </span>
      {art?.front && (
        <svg className={styles.layer} viewBox="-30 -30 160 160" aria-hidden="true">
          {art.front}
        </svg>
      )}
      {look && <CreatedLayers look={look} placement="above" />}
      {look?.text && <span className={styles.text}>{look.text}</span>}
    </span>
  );
}

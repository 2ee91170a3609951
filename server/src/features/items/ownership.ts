import { and, eq } from "drizzle-orm";
import { CLASSIC_BORDER_ITEM_ID } from "@planify/common/constants/catalogue";
import { DEFAULT_BORDER_COLOR_ID } from "@planify/common/constants/border-colors";
import type { PurchasedItem } from "@planify/common/schemas/economy";
import { userItems } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import type { ItemTarget, NameLookup } from "./refs";
import { publishLive } from "../../lib/live";

export type UserItemRow = typeof userItems.$inferSelect;

/** Whether the user owns this legacy id; item 0 is always owned. */
export async function ownsLegacyId(tx: DbOrTx, userId: string, legacyId: number): Promise<boolean> {
  if (legacyId === CLASSIC_BORDER_ITEM_ID) return true;
  return !!(await first(
    tx
      .select({ itemId: userItems.itemId })
      .from(userItems)
      .where(and(eq(userItems.userId, userId), eq(userItems.itemId, legacyId))),
  ));
}

export interface GrantInput {
  userId: string;
  target: ItemTarget;
  /** purchase, gift, wheel, code, reward, demo. */
  source: string;
  at: number;
  adminMessage?: string | null;
  /** true: shown as a new gift in the received-item popup. */
  unseenGift?: boolean;
}

/** Adds an item or colour to a user's collection; false when it was already owned. Their open apps hear of it (a gift shows its pop-up). */
export async function grantTarget(tx: DbOrTx, input: GrantInput): Promise<UserItemRow | null> {
  const row =
    (await first(
      tx
        .insert(userItems)
        .values({
          userId: input.userId,
          itemId: input.target.legacyId,
          colorId: input.target.kind === "color" ? input.target.color.id : null,
          source: input.source,
          adminMessage: input.adminMessage?.trim() || null,
          adminGiftRead: !input.unseenGift,
          acquiredAt: input.at,
        })
        .onConflictDoNothing()
        .returning(),
    )) ?? null;
  if (row) await publishLive(tx, input.at, input.unseenGift ? "gift" : "inventory", { users: [input.userId] });
  return row;
}

/** All stored rows of a user's collection, oldest first. */
export async function listUserItems(tx: DbOrTx, userId: string): Promise<UserItemRow[]> {
  return await tx.select().from(userItems).where(eq(userItems.userId, userId)).orderBy(userItems.acquiredAt, userItems.itemId);
}

/** The unlocked colour ids of a user, default first. */
export function unlockedColorIds(rows: UserItemRow[]): string[] {
  const ids = rows.map((r) => r.colorId).filter((c): c is string => !!c && c !== DEFAULT_BORDER_COLOR_ID);
  return [DEFAULT_BORDER_COLOR_ID, ...ids];
}

/** The answer shape of one owned entry; `name` resolves item numbers (refs nameLookup). */
export function presentUserItem(row: UserItemRow, equippedItemId: number | null, name: NameLookup): PurchasedItem {
  return {
    itemId: row.itemId,
    itemName: name(row.itemId),
    purchaseDate: new Date(row.acquiredAt).toISOString(),
    equipped: row.colorId === null && row.itemId === equippedItemId,
    adminMessage: row.adminMessage,
    colorId: row.colorId,
    adminGiftRead: row.adminGiftRead,
  };
}

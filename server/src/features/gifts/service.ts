import { and, eq } from "drizzle-orm";
import { catalogueItem } from "@planify/common/constants/catalogue";
import { ECONOMY_MESSAGES } from "@planify/common/constants/economy";
import type { AppDeps } from "../../deps";
import { userItems, users } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { removeOwned } from "../coins";
import {
  grantTarget,
  ownsLegacyId,
  presentUserItem,
  findTarget,
  isGiftableTarget,
  nameLookup,
  notGiftableTargetMessage,
  resolveTarget,
} from "../items";
import { createdItemByLegacyId } from "../item-creator";
import { getUser } from "../users";
import { first } from "../../db/engine";

const alreadyOwned = (username: string, name: string) => new AppError("GIFT_ALREADY_OWNED", `${username} possède déjà ${name}.`);

/** POST /users/{id}/give-item (admin): an unseen gift with an optional message. */
export async function giveItem(deps: AppDeps, userId: string, ref: number | string, adminMessage: string | undefined) {
  const user = await getUser(deps, userId);
  const target = await resolveTarget(deps.db, ref);
  if (!isGiftableTarget(target)) throw badRequest(notGiftableTargetMessage(target));
  return await deps.db.transaction(async (tx) => {
    if (await ownsLegacyId(tx, user.id, target.legacyId)) throw alreadyOwned(user.username, target.name);
    const row = await grantTarget(tx, { userId: user.id, target, source: "gift", at: deps.now(), adminMessage, unseenGift: true });
    if (!row) throw alreadyOwned(user.username, target.name);
    return {
      success: true as const,
      message: `${target.name} offert à ${user.username}.`,
      purchasedItem: presentUserItem(row, user.equippedItemId, await nameLookup(tx)),
    };
  });
}

/** POST /users/{id}/remove-item (admin): 404 "Item non trouvé" when not owned. */
export async function removeItem(deps: AppDeps, userId: string, ref: number | string) {
  const user = await getUser(deps, userId);
  const target = await findTarget(deps.db, ref);
  if (!target || !(await removeOwned(deps, user.id, target.legacyId, target.kind === "color" ? target.color.id : null))) {
    throw notFound(ECONOMY_MESSAGES.giftNotFound);
  }
  return { success: true as const, message: `${target.name} retiré à ${user.username}.` };
}

/** GET/POST /users/ack-gift/{itemId}: marks the user's gift seen. */
export async function ackGift(deps: AppDeps, userId: string, itemRef: string) {
  const target = await findTarget(deps.db, itemRef);
  const row = target
    ? await first(
        deps.db
          .update(userItems)
          .set({ adminGiftRead: true })
          .where(and(eq(userItems.userId, userId), eq(userItems.itemId, target.legacyId)))
          .returning({ itemId: userItems.itemId }),
      )
    : undefined;
  if (!row) throw notFound(ECONOMY_MESSAGES.giftNotFound);
  return { success: true as const, itemId: row.itemId, adminGiftRead: true as const };
}

/** How many items may have a remembered style choice (keeps the user row small). */
export const MAX_VARIANT_CHOICES = 100;

/** Style choices: fixed items with variants (Discord, Jojo) and created items with variants, range-checked. */
export async function setDynamicVariant(deps: AppDeps, userId: string, ref: number | string, variantIndex: number) {
  const text = String(ref).trim();
  if (!/^-?\d+$/.test(text)) throw badRequest("Identifiant d'item invalide.");
  const itemId = Number(text);
  const count = catalogueItem(itemId)?.variants ?? (await createdItemByLegacyId(deps.db, itemId))?.look.variants.length ?? 0;
  if (count === 0) throw badRequest("Cet item n'a pas de variantes.");
  if (variantIndex >= count) throw badRequest("Variante inconnue pour cet item.");
  return await deps.db.transaction(async (tx) => {
    const current = await first(tx.select({ v: users.dynamicItemVariants }).from(users).where(eq(users.id, userId)));
    const variants = { ...(current?.v ?? {}), [String(itemId)]: variantIndex };
    // Kept small: choices of items deleted since stay until the cap.
    if (Object.keys(variants).length > MAX_VARIANT_CHOICES) throw badRequest("Trop de styles enregistrés.");
    await tx.update(users).set({ dynamicItemVariants: variants }).where(eq(users.id, userId));
    return { success: true as const, variants };
  });
}

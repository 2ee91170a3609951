import { and, desc, eq, inArray } from "drizzle-orm";
import { ECONOMY_MESSAGES, PURCHASE_UNDO_MS } from "@planify/common/constants/economy";
import type { RefundBody, RefundResponse } from "@planify/common/schemas/economy";
import type { AppDeps } from "../../deps";
import { coinLedger, userItems, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { applyLedger } from "../../lib/ledger";
import type { Tx } from "../../db/types";
import { findTarget, type ItemTarget } from "../items";
import { first } from "../../db/engine";
import { publishLive } from "../../lib/live";

/** The ledger reasons of a purchase and of its cancellation. */
export const PURCHASE_REASON = "purchase";
export const REFUND_REASON = "purchase-refund";

/** The ledger reference a purchase of this target is written under (shared with purchase.ts). */
export function purchaseReference(target: ItemTarget): string {
  return target.kind === "item" ? `item:${target.legacyId}` : `color:${target.color.id}`;
}

/** The last purchase or refund of this target in the user's ledger. */
async function lastMovement(tx: Tx, userId: string, reference: string) {
  return await first(
    tx
      .select({ reason: coinLedger.reason, coinsDelta: coinLedger.coinsDelta, createdAt: coinLedger.createdAt })
      .from(coinLedger)
      .where(
        and(
          eq(coinLedger.userId, userId),
          eq(coinLedger.reference, reference),
          inArray(coinLedger.reason, [PURCHASE_REASON, REFUND_REASON]),
        ),
      )
      .orderBy(desc(coinLedger.id))
      .limit(1),
  );
}

/**
 * Cancels one's own purchase inside the caller's transaction: only a bought item (not a
 * gift, code or wheel win), within PURCHASE_UNDO_MS of the purchase by the server's clock,
 * while it is not equipped (a colour: not selected). The refund is the amount the purchase
 * took (its ledger row), written back through the ledger; the item leaves the collection,
 * so a second call finds nothing left to refund. The shop rotating in between does not
 * matter: the coins come back, and the item can only be bought again while on sale.
 */
export async function refundPurchase(deps: AppDeps, tx: Tx, userId: string, body: RefundBody): Promise<RefundResponse> {
  const target = (await findTarget(tx, body.itemId)) ?? (body.colorId ? await findTarget(tx, body.colorId) : null);
  if (!target) throw new AppError("UNKNOWN_ITEM", ECONOMY_MESSAGES.unknownItem);
  const reference = purchaseReference(target);
  const owned = await first(
    tx
      .select()
      .from(userItems)
      .where(and(eq(userItems.userId, userId), eq(userItems.itemId, target.legacyId))),
  );
  if (!owned) {
    const last = await lastMovement(tx, userId, reference);
    if (last?.reason === REFUND_REASON) throw new AppError("ALREADY_REFUNDED", ECONOMY_MESSAGES.alreadyRefunded);
    throw new AppError("REFUND_UNAVAILABLE", ECONOMY_MESSAGES.refundUnavailable);
  }
  if (owned.source !== PURCHASE_REASON) throw new AppError("REFUND_UNAVAILABLE", ECONOMY_MESSAGES.refundNotPurchased);
  const now = deps.now();
  if (now - owned.acquiredAt > PURCHASE_UNDO_MS) throw new AppError("REFUND_TOO_LATE", ECONOMY_MESSAGES.refundTooLate);
  const user = await first(
    tx
      .select({ equippedItemId: users.equippedItemId, selectedBorderColor: users.selectedBorderColor })
      .from(users)
      .where(eq(users.id, userId)),
  );
  if (target.kind === "item" && user?.equippedItemId === target.legacyId)
    throw new AppError("REFUND_IN_USE", ECONOMY_MESSAGES.refundEquipped);
  if (target.kind === "color" && user?.selectedBorderColor === target.color.id)
    throw new AppError("REFUND_IN_USE", ECONOMY_MESSAGES.refundColorInUse);
  const paid = await lastMovement(tx, userId, reference);
  // A purchase row always goes with a purchased item; without one there is nothing to give back.
  if (paid?.reason !== PURCHASE_REASON || paid.coinsDelta >= 0)
    throw new AppError("REFUND_UNAVAILABLE", ECONOMY_MESSAGES.refundUnavailable);
  const removed = await first(
    tx
      .delete(userItems)
      .where(
        and(
          eq(userItems.userId, userId),
          eq(userItems.itemId, target.legacyId),
          eq(userItems.source, PURCHASE_REASON),
          eq(userItems.acquiredAt, owned.acquiredAt),
        ),
      )
      .returning(),
  );
  if (!removed) throw new AppError("ALREADY_REFUNDED", ECONOMY_MESSAGES.alreadyRefunded);
  await publishLive(tx, now, "inventory", { users: [userId] });
  const refunded = -paid.coinsDelta;
  const balances = await applyLedger(tx, { userId, coins: refunded, reason: REFUND_REASON, reference, at: now });
  return {
    success: true,
    newCoins: balances.coins,
    refunded,
    itemId: target.legacyId,
    colorId: target.kind === "color" ? target.color.id : null,
    message: `Achat annulé : ${refunded.toLocaleString("fr-FR")} Planify Coins te sont rendus.`,
  };
}

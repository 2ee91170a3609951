import { ECONOMY_MESSAGES } from "@planify/common/constants/economy";
import type { PurchaseBody, PurchaseResponse } from "@planify/common/schemas/economy";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";
import { applyLedger } from "../../lib/ledger";
import type { Tx } from "../../db/types";
import { parisDate } from "@planify/common/time/paris-time";
import { grantTarget, ownsLegacyId, presentUserItem, findTarget, nameLookup } from "../items";
import { ensureDailyShop, isInShop } from "./daily-shop";
import { priceForUser } from "../factions";
import { purchaseReference } from "./refund";

/**
 * A purchase, inside the caller's transaction. The price is the
 * catalogue's × the buyer's faction multiplier (factions/pricing); the client's `price`, `itemName` and `type` are ignored. Buyable: on sale
 * today, not owned, and covered by the wallet (the ledger's conditional update).
 */
export async function purchase(deps: AppDeps, tx: Tx, userId: string, body: PurchaseBody): Promise<PurchaseResponse> {
  const target = (await findTarget(tx, body.itemId)) ?? (body.colorId ? await findTarget(tx, body.colorId) : null);
  if (!target) throw new AppError("UNKNOWN_ITEM", ECONOMY_MESSAGES.unknownItem);
  if (target.price === null || target.price <= 0) throw new AppError("NOT_ON_SALE", ECONOMY_MESSAGES.notOnSale);
  if (await ownsLegacyId(tx, userId, target.legacyId)) throw new AppError("ALREADY_OWNED", ECONOMY_MESSAGES.alreadyOwned);
  const now = deps.now();
  const shop = await ensureDailyShop(tx, parisDate(now), now);
  const colorId = target.kind === "color" ? target.color.id : undefined;
  if (!isInShop(shop, { kind: target.kind, legacyId: target.legacyId, colorId }))
    throw new AppError("NOT_ON_SALE", ECONOMY_MESSAGES.notOnSale);
  const balances = await applyLedger(tx, {
    userId,
    coins: -(await priceForUser(tx, userId, target.price)),
    reason: "purchase",
    reference: purchaseReference(target),
    at: now,
    insufficientMessage: ECONOMY_MESSAGES.notEnoughCoins,
  });
  const row = await grantTarget(tx, { userId, target, source: "purchase", at: now });
  // Unreachable while transactions run one at a time (SQLite's gate); kept so a double grant can never charge twice.
  if (!row) throw new AppError("ALREADY_OWNED", ECONOMY_MESSAGES.alreadyOwned);
  return {
    success: true,
    newCoins: balances.coins,
    purchasedItem: presentUserItem(row, null, await nameLookup(tx)),
    message: `Bravo ! Tu as acheté ${target.name} !`,
  };
}

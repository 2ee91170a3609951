import { eq } from "drizzle-orm";
import { ITEM_CREATOR_MESSAGES as M } from "@planify/common/constants/item-creator";
import {
  checkLegacyId,
  checkPrice,
  dynamicColorItemId,
  isCssColor,
  isCssGradient,
  isFixedColorId,
  isValidColorId,
} from "@planify/common/rules/item-creator";
import type { BorderColorInput, BorderColorSavedResponse } from "@planify/common/schemas/item-creator";
import type { AppDeps } from "../../deps";
import { createdColors } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { recordAdminAction, type JournalActor } from "../../lib/journal";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { assertLegacyIdFree } from "./items-service";
import { presentCreatedColor } from "./present";
import { createdColorById, createdColorByLegacyId, type CreatedColorRow } from "./store";
import { codeCount, dropFromTodayShop, ownerCount } from "./usage";
import { valueOr400 } from "./validate";

/** A created colour's columns, checked. Without a legacy id of its own, it takes its derived negative number. */
async function checkColor(tx: DbOrTx, body: BorderColorInput, self?: CreatedColorRow) {
  const id = body.id.trim();
  if (!isValidColorId(id)) throw badRequest(M.colorIdInvalid);
  const name = body.name.trim();
  if (!name) throw badRequest(M.nameRequired);
  const color = body.color.trim();
  if (!isCssColor(color)) throw badRequest(M.colorInvalid);
  const gradient = body.gradient?.trim() || null;
  if (gradient && !isCssGradient(gradient)) throw badRequest(M.gradientInvalid);
  const price = valueOr400(checkPrice(body.price));
  const given = body.legacyId === null || body.legacyId === undefined || String(body.legacyId).trim() === "" ? null : body.legacyId;
  const legacyId = given === null ? dynamicColorItemId(id) : valueOr400(checkLegacyId(given));
  if (given === null) {
    // Two ids hashing to one number: rare, and the admin can simply pick another id.
    const other = await createdColorByLegacyId(tx, legacyId);
    if (other && other.id !== self?.id) throw conflict(M.colorIdTaken(id));
  } else await assertLegacyIdFree(tx, legacyId, { colorId: self?.id });
  return { id, name, color, gradient, price, legacyId, availableInDailyShop: body.availableInDailyShop ?? false };
}

/** POST /border-colors (admin): a new colour; its id must be new (fixed colours included). */
export async function createColor(deps: AppDeps, actor: JournalActor, body: BorderColorInput): Promise<BorderColorSavedResponse> {
  const at = deps.now();
  return await deps.db.transaction(async (tx) => {
    const checked = await checkColor(tx, body);
    if (isFixedColorId(checked.id) || (await createdColorById(tx, checked.id))) throw conflict(M.colorIdTaken(checked.id));
    const row = (await first(
      tx
        .insert(createdColors)
        .values({ ...checked, createdAt: at, updatedAt: at })
        .returning(),
    ))!;
    await recordAdminAction(tx, actor, {
      action: "color.create",
      summary: `Couleur ${row.name} créée (${row.id}, n° ${row.legacyId})`,
      details: {
        id: row.id,
        legacyId: row.legacyId,
        color: row.color,
        gradient: row.gradient,
        price: row.price,
        availableInDailyShop: row.availableInDailyShop,
      },
      at,
    });
    return { success: true as const, message: M.colorCreated, color: presentCreatedColor(row) };
  });
}

async function findColor(tx: DbOrTx, id: string): Promise<CreatedColorRow> {
  const row = await createdColorById(tx, id);
  if (row) return row;
  if (isFixedColorId(id)) throw badRequest(M.fixedColorReadOnly);
  throw notFound(M.colorNotFound);
}

/** PUT /border-colors?id= (admin). The id never changes; the number only while nobody owns the colour. */
export async function updateColor(
  deps: AppDeps,
  actor: JournalActor,
  id: string,
  body: BorderColorInput,
): Promise<BorderColorSavedResponse> {
  const at = deps.now();
  return await deps.db.transaction(async (tx) => {
    const before = await findColor(tx, id);
    if (body.id.trim() !== before.id) throw badRequest("L'identifiant d'une couleur ne change pas : créez une nouvelle couleur.");
    const checked = await checkColor(tx, body, before);
    if (checked.legacyId !== before.legacyId) {
      const owners = await ownerCount(tx, before.legacyId);
      if (owners > 0) throw conflict(M.legacyIdLocked(owners));
    }
    if (before.availableInDailyShop && !checked.availableInDailyShop) await dropFromTodayShop(tx, at, { colorId: before.id });
    const row = (await first(
      tx
        .update(createdColors)
        .set({ ...checked, updatedAt: at })
        .where(eq(createdColors.id, before.id))
        .returning(),
    ))!;
    await recordAdminAction(tx, actor, {
      action: "color.update",
      summary: `Couleur ${row.name} modifiée (${row.id})`,
      details: {
        before: { name: before.name, color: before.color, gradient: before.gradient, price: before.price, legacyId: before.legacyId },
        after: { name: row.name, color: row.color, gradient: row.gradient, price: row.price, legacyId: row.legacyId },
      },
      at,
    });
    return { success: true as const, message: M.colorUpdated, color: presentCreatedColor(row) };
  });
}

/** DELETE /border-colors?id= (admin): refused while accounts own it or a usable code offers it. */
export async function deleteColor(deps: AppDeps, actor: JournalActor, id: string) {
  const at = deps.now();
  return await deps.db.transaction(async (tx) => {
    const row = await findColor(tx, id);
    const owners = await ownerCount(tx, row.legacyId);
    if (owners > 0) throw conflict(M.deleteColorOwned(owners));
    const codes = await codeCount(tx, at, { colorId: row.id });
    if (codes > 0) throw conflict(M.deleteInCodes(codes));
    await tx.delete(createdColors).where(eq(createdColors.id, row.id));
    await dropFromTodayShop(tx, at, { colorId: row.id });
    await recordAdminAction(tx, actor, {
      action: "color.delete",
      summary: `Couleur ${row.name} supprimée (${row.id})`,
      details: { id: row.id, legacyId: row.legacyId },
      at,
    });
    return { success: true as const, message: M.colorDeleted };
  });
}

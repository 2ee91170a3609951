import { and, desc, eq, lt, sql } from "drizzle-orm";
import { CODE_ALPHABET, CODE_DEFAULT_LENGTH, ECONOMY_MESSAGES, normaliseCode } from "@planify/common/constants/economy";
import type { GenerateCodeBody, RedeemResponse } from "@planify/common/schemas/economy";
import type { AppDeps } from "../../deps";
import { redeemCodes, redeemCodeUses } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { newId, randomFromAlphabet } from "../../lib/ids";
import type { DbOrTx, Tx } from "../../db/types";
import { grantTarget, ownsLegacyId, findTarget, nameLookup, resolveTarget, type ItemTarget, type NameLookup } from "../items";
import { isCodeRewardItem, notCodeRewardMessage } from "@planify/common/constants/catalogue";
import { addDays, parisToUtc } from "@planify/common/time/paris-time";
import { first } from "../../db/engine";

type CodeRow = typeof redeemCodes.$inferSelect;

/** A code drawn from the look-alike-free alphabet with the cryptographic generator. */
export const randomCode = (length: number): string => randomFromAlphabet(CODE_ALPHABET, length);

/** What a code may hand out: every colour, created items, the giftable fixed items and Prestige (27); never 0 nor Planify (28). */
const isCodeReward = (target: ItemTarget) => target.kind === "color" || target.created || isCodeRewardItem(target.legacyId);

/** Item ids a code may give, refused with the reason otherwise. */
async function giftableItem(db: DbOrTx, ref: number | string): Promise<number> {
  const target = await findTarget(db, ref);
  if (target?.kind !== "item") throw badRequest(`Item non offrable : ${String(ref)}.`);
  if (!isCodeReward(target)) throw badRequest(notCodeRewardMessage(target.legacyId));
  return target.legacyId;
}

async function rewardColor(db: DbOrTx, ref: string): Promise<string> {
  const target = await findTarget(db, ref);
  // Only the free default (no item number, so no target) is refused; a created colour at price 0 is gift-only.
  if (target?.kind !== "color") throw badRequest(`Couleur non offrable : ${ref}.`);
  return target.color.id;
}

/** The answer shape of a code. */
export function presentCode(row: CodeRow, name: NameLookup) {
  const items = row.items.map((itemId) => ({ itemId, itemName: name(itemId) }));
  return {
    _id: row.id,
    id: row.id,
    code: row.code,
    rewardType: row.rewardType,
    payload: {
      items,
      itemId: items[0]?.itemId ?? null,
      itemName: items[0]?.itemName ?? null,
      colors: row.colors,
      colorId: row.colors[0] ?? null,
    },
    usedCount: row.usedCount,
    maxUses: row.maxUses,
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** POST /redeem-codes/generate (admin). */
export async function generateCode(deps: AppDeps, adminId: string, body: GenerateCodeBody) {
  let items: number[] = [];
  let colors: string[] = [];
  if (body.rewardType === "item") {
    const refs = body.items?.length ? body.items.map((i) => i.itemId) : body.itemId !== undefined ? [body.itemId] : [];
    for (const ref of refs) items.push(await giftableItem(deps.db, ref));
    items = [...new Set(items)];
    if (items.length === 0) throw badRequest("Choisissez au moins un item");
  } else {
    const refs = body.colors?.length ? body.colors : body.colorId ? [body.colorId] : [];
    for (const ref of refs) colors.push(await rewardColor(deps.db, ref));
    colors = [...new Set(colors)];
    if (colors.length === 0) throw badRequest("Choisissez au moins une couleur");
  }
  let expiresAt: number | null = null;
  if (body.expiresAt) {
    expiresAt = parseExpiry(body.expiresAt);
    if (Number.isNaN(expiresAt)) throw badRequest("Date d'expiration invalide.");
    if (expiresAt <= deps.now()) throw badRequest("La date d'expiration doit être dans le futur.");
  }
  const length = body.length ?? CODE_DEFAULT_LENGTH;
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await first(
      deps.db
        .insert(redeemCodes)
        .values({
          id: newId(),
          code: randomCode(length),
          rewardType: body.rewardType,
          items,
          colors,
          maxUses: body.maxUses ?? 1,
          expiresAt,
          createdBy: adminId,
          createdAt: deps.now(),
        })
        .onConflictDoNothing()
        .returning(),
    );
    if (row)
      return {
        success: true as const,
        code: row.code,
        message: `Code ${row.code} créé.`,
        redeemCode: presentCode(row, await nameLookup(deps.db)),
      };
  }
  throw conflict("Impossible de générer un code unique, réessayez.");
}

/** GET /redeem-codes/ (admin): newest first. */
export async function listCodes(deps: AppDeps) {
  const name = await nameLookup(deps.db);
  const rows = await deps.db.select().from(redeemCodes).orderBy(desc(redeemCodes.createdAt));
  return { success: true as const, codes: rows.map((row) => presentCode(row, name)) };
}

/** DELETE /redeem-codes/{id} (admin). */
export async function deleteCode(deps: AppDeps, id: string) {
  const row = await first(deps.db.delete(redeemCodes).where(eq(redeemCodes.id, id)).returning({ code: redeemCodes.code }));
  if (!row) throw notFound("Code introuvable.");
  return { success: true as const, message: `Code ${row.code} supprimé.` };
}

/**
 * Redeems a code inside the caller's transaction: one use per user (primary key), and the
 * use count only rises through `used_count < max_uses`, so it never passes maxUses.
 */
export async function redeemCode(deps: AppDeps, tx: Tx, userId: string, input: string): Promise<RedeemResponse> {
  const code = normaliseCode(input);
  if (!code) throw new AppError("CODE_EMPTY", ECONOMY_MESSAGES.codeEmpty);
  const now = deps.now();
  const row = await first(tx.select().from(redeemCodes).where(eq(redeemCodes.code, code)));
  if (!row) throw new AppError("CODE_UNKNOWN", ECONOMY_MESSAGES.codeUnknown);
  if (row.expiresAt !== null && row.expiresAt <= now) throw new AppError("CODE_EXPIRED", ECONOMY_MESSAGES.codeExpired);
  const used = await first(
    tx
      .select()
      .from(redeemCodeUses)
      .where(and(eq(redeemCodeUses.codeId, row.id), eq(redeemCodeUses.userId, userId))),
  );
  if (used) throw new AppError("CODE_ALREADY_USED", ECONOMY_MESSAGES.codeAlreadyUsed);
  // A code stored before the rule existed still never hands out Planify (28) or item 0.
  const all: ItemTarget[] = [];
  for (const ref of [...row.items, ...row.colors]) all.push(await resolveTarget(tx, ref));
  const targets = all.filter(isCodeReward);
  if (targets.length === 0) throw badRequest(notCodeRewardMessage(all[0]!.legacyId));
  const fresh: ItemTarget[] = [];
  for (const t of targets) if (!(await ownsLegacyId(tx, userId, t.legacyId))) fresh.push(t);
  if (fresh.length === 0) throw new AppError("ALREADY_OWNED", "Tu possèdes déjà la récompense de ce code.");
  const counted = await first(
    tx
      .update(redeemCodes)
      .set({ usedCount: sql`${redeemCodes.usedCount} + 1` })
      .where(and(eq(redeemCodes.id, row.id), lt(redeemCodes.usedCount, redeemCodes.maxUses)))
      .returning({ usedCount: redeemCodes.usedCount }),
  );
  if (!counted) throw new AppError("CODE_USED_UP", ECONOMY_MESSAGES.codeUsedUp);
  await tx.insert(redeemCodeUses).values({ codeId: row.id, userId, usedAt: now });
  for (const target of fresh) await grantTarget(tx, { userId, target, source: "code", at: now });
  const names = fresh.map((t) => t.name).join(", ");
  const items = fresh.filter((t) => t.kind === "item").map((t) => ({ itemId: t.legacyId, itemName: t.name }));
  const colors = fresh.flatMap((t) => (t.kind === "color" ? [t.color.id] : []));
  return {
    success: true,
    message: `Code validé ! Tu as reçu : ${names}.`,
    rewardType: row.rewardType,
    payload: { items, colors, colorId: colors[0] ?? null },
  };
}

/**
 * Reads an expiry as the admin meant it: a date alone lasts until the end of that Paris day,
 * a date and time without offset (a datetime-local field) is Paris time, anything with an
 * offset or Z is taken as written. NaN when unreadable.
 */
export function parseExpiry(text: string): number {
  const local = text.trim().match(/^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?$/);
  if (!local) return Date.parse(text);
  const [, date, time] = local as unknown as [string, string, string | undefined];
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return NaN;
  return time ? parisToUtc(date, time) : parisToUtc(addDays(date, 1), "00:00");
}

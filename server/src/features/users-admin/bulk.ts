import { eq, inArray } from "drizzle-orm";
import type { BulkGiveBody, BulkRemoveBody, BulkSummary } from "@planify/common/schemas/admin";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { first } from "../../db/engine";
import { AppError, badRequest } from "../../lib/errors";
import { recordAdminAction } from "../../lib/journal";
import type { Tx, UserRow } from "../../db/types";
import { removeOwnedIn } from "../coins";
import { grantTarget, ownsLegacyId, findTarget, isGiftableTarget, notGiftableTargetMessage, type ItemTarget } from "../items";
import { knownColorId } from "./color-ref";

export const NO_RECIPIENT = "Choisissez au moins un destinataire.";
export const NO_ITEM_TO_GIVE = "Choisissez au moins un item, une couleur ou un item dynamique.";
export const NO_ITEM_TO_REMOVE = "Sélectionnez au moins un item à retirer.";
const MAX_FAILURES = 20;

export type Recipient = Pick<UserRow, "id" | "username" | "equippedItemId" | "selectedBorderColor">;

export function emptySummary(): BulkSummary {
  return { done: 0, alreadyOwned: 0, notOwned: 0, failed: 0, dynamicItems: 0, borderColors: 0, failures: [] };
}

function fail(summary: BulkSummary, reason: string, times = 1): void {
  summary.failed += times;
  if (summary.failures.length < MAX_FAILURES && !summary.failures.includes(reason)) summary.failures.push(reason);
}

/** The accounts behind the ids, in one query; unknown ids are counted as failures by the caller. */
export async function recipientsOf(tx: Tx | AppDeps["db"], ids: string[]): Promise<Recipient[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return await tx
    .select({
      id: users.id,
      username: users.username,
      equippedItemId: users.equippedItemId,
      selectedBorderColor: users.selectedBorderColor,
    })
    .from(users)
    .where(inArray(users.id, unique));
}

/** Resolves the items and colours of a give request; those that cannot be given are failures for every recipient. */
async function giveTargets(
  tx: Tx,
  refs: (number | string)[],
  colors: string[],
  recipients: number,
  summary: BulkSummary,
): Promise<ItemTarget[]> {
  const out: ItemTarget[] = [];
  const colorRefs: string[] = [];
  for (const c of colors) colorRefs.push((await knownColorId(tx, c)) ?? c);
  for (const ref of [...refs, ...colorRefs]) {
    const target = await findTarget(tx, ref);
    if (!target) fail(summary, `Item inconnu : ${ref}`, recipients);
    else if (!isGiftableTarget(target)) fail(summary, notGiftableTargetMessage(target), recipients);
    else if (target.kind === "color" && target.price === 0 && !target.created) summary.alreadyOwned += recipients;
    else if (!out.some((t) => t.legacyId === target.legacyId)) out.push(target);
  }
  return out;
}

/** Gives each target to each recipient on `tx`, as unseen gifts with the message; counts every pair. */
export async function giveToAll(
  tx: Tx,
  people: Recipient[],
  refs: (number | string)[],
  colors: string[],
  message: string | undefined,
  at: number,
  summary: BulkSummary,
): Promise<void> {
  for (const target of await giveTargets(tx, refs, colors, people.length, summary)) {
    for (const person of people) {
      if (
        (await ownsLegacyId(tx, person.id, target.legacyId)) ||
        !(await grantTarget(tx, { userId: person.id, target, source: "gift", at, adminMessage: message, unseenGift: true }))
      ) {
        summary.alreadyOwned++;
        continue;
      }
      summary.done++;
      if (target.kind === "item" && target.created) summary.dynamicItems++;
      if (target.kind === "color") summary.borderColors++;
    }
  }
}

function bulkMessage(summary: BulkSummary, verb: "donné" | "retiré"): string {
  const parts = [`${summary.done} ${verb}${summary.done > 1 ? "s" : ""}`];
  if (summary.alreadyOwned) parts.push(`${summary.alreadyOwned} déjà possédé${summary.alreadyOwned > 1 ? "s" : ""}`);
  if (summary.notOwned) parts.push(`${summary.notOwned} non possédé${summary.notOwned > 1 ? "s" : ""}`);
  if (summary.failed) parts.push(`${summary.failed} échec${summary.failed > 1 ? "s" : ""}`);
  return `${parts.join(", ")}.`;
}

/** POST /users-admin/bulk-give: one transaction, one journal entry. */
export async function bulkGive(deps: AppDeps, actor: UserRow, body: BulkGiveBody) {
  const refs = body.items ?? [];
  const colors = body.colors ?? [];
  if (body.userIds.length === 0) throw badRequest(NO_RECIPIENT);
  if (refs.length + colors.length === 0) throw badRequest(NO_ITEM_TO_GIVE);
  const at = deps.now();
  return await deps.db.transaction(async (tx) => {
    const summary = emptySummary();
    const people = await recipientsOf(tx, body.userIds);
    if (people.length === 0) throw new AppError("NOT_FOUND", "Utilisateur introuvable.");
    await giveToAll(tx, people, refs, colors, body.adminMessage, at, summary);
    await recordAdminAction(tx, actor, {
      action: "items.bulk-give",
      target: people.length === 1 ? people[0] : null,
      summary: `Don en masse à ${people.length} utilisateur(s) : ${bulkMessage(summary, "donné")}`,
      details: { users: people.length, items: refs, colors, adminMessage: body.adminMessage ?? null, ...summary },
      at,
    });
    return { success: true as const, message: bulkMessage(summary, "donné"), summary };
  });
}

/** POST /users-admin/bulk-remove: a missing item counts as not owned, never as an error. */
export async function bulkRemove(deps: AppDeps, actor: UserRow, body: BulkRemoveBody) {
  if (body.userIds.length === 0) throw badRequest(NO_RECIPIENT);
  if (body.items.length === 0) throw badRequest(NO_ITEM_TO_REMOVE);
  const at = deps.now();
  return await deps.db.transaction(async (tx) => {
    const summary = emptySummary();
    const people = await recipientsOf(tx, body.userIds);
    if (people.length === 0) throw new AppError("NOT_FOUND", "Utilisateur introuvable.");
    for (const ref of body.items) {
      const target = await findTarget(tx, ref);
      if (!target) {
        fail(summary, `Item inconnu : ${ref}`, people.length);
        continue;
      }
      for (const person of people) {
        // Fresh row: an earlier removal in this loop may have unequipped it.
        const current = (await first(
          tx
            .select({ id: users.id, equippedItemId: users.equippedItemId, selectedBorderColor: users.selectedBorderColor })
            .from(users)
            .where(eq(users.id, person.id)),
        ))!;
        if (!(await removeOwnedIn(tx, current, target.legacyId, target.kind === "color" ? target.color.id : null))) {
          summary.notOwned++;
          continue;
        }
        summary.done++;
        if (target.kind === "item" && target.created) summary.dynamicItems++;
        if (target.kind === "color") summary.borderColors++;
      }
    }
    await recordAdminAction(tx, actor, {
      action: "items.bulk-remove",
      target: people.length === 1 ? people[0] : null,
      summary: `Retrait en masse sur ${people.length} utilisateur(s) : ${bulkMessage(summary, "retiré")}`,
      details: { users: people.length, items: body.items, ...summary },
      at,
    });
    return { success: true as const, message: bulkMessage(summary, "retiré"), summary };
  });
}

import { eq } from "drizzle-orm";
import { DEFAULT_BORDER_COLOR_ID } from "@planify/common/constants/border-colors";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { isRetryable } from "../../db/errors";
import { memoOf } from "../../lib/cache";
import { setBalanceJournaled } from "../../lib/ledger-statement";
import { recordAdminAction } from "../../lib/journal";
import { setBalance, type Balances } from "../../lib/ledger";
import type { UserRow } from "../../db/types";
import { grantTarget, resolveTarget } from "../items";
import { getUser } from "../users";
import { cachedUser } from "../auth";
import { deWord } from "@planify/common/format/french";
import { knownColorId } from "./color-ref";

const BALANCE_LABELS: Record<keyof Balances, string> = {
  coins: "coins",
  leaderboardCoins: "coins de classement",
  factionCoins: "coins de faction",
};

/** The journal's summary of a balance edit, around the old balance: `${before}${old}${after}`. */
function balanceSummary(field: keyof Balances, username: string, value: number) {
  return { before: `${BALANCE_LABELS[field]} ${deWord(username)} : `, after: ` → ${value}` };
}

/** Journal summaries are cut at this length; a name that would reach it takes the transaction's way. */
const SUMMARY_MAX = 500;

/**
 * The last name each user's balance edit saw (PostgreSQL): the one-statement edit writes its
 * summary around it, and the database checks it (a renamed user makes it write nothing).
 */
const namesOf = (deps: AppDeps) => memoOf<string>(deps.engine, "balance-edit-names", { max: 20_000 });

/** An admin sets a balance to a value; the ledger records the difference (reason admin-set). */
export async function setUserBalance(deps: AppDeps, actor: UserRow, userId: string, field: keyof Balances, value: number) {
  const at = deps.now();
  const edit = { userId, field, value, reason: "admin-set", reference: `admin:${actor.id}`, at };
  const balances = (await setAtOnce(deps, actor, edit)) ?? (await setInTransaction(deps, actor, edit));
  return { success: true as const, message: "Solde mis à jour.", userId, ...balances };
}

type BalanceEdit = { userId: string; field: keyof Balances; value: number; reason: string; reference: string; at: number };

/**
 * PostgreSQL: the edit in one statement (lib/ledger-statement.ts), written around the user's name
 * as last seen; null when that cannot be done (SQLite, an unknown or renamed user, a database
 * that gave the statement up), and nothing was written.
 */
async function setAtOnce(deps: AppDeps, actor: UserRow, edit: BalanceEdit): Promise<Balances | null> {
  if (deps.engine.kind !== "postgres" || edit.value < 0 || !Number.isSafeInteger(edit.value)) return null;
  const names = namesOf(deps);
  const username = names.peek(edit.userId) ?? (await cachedUser(deps, edit.userId))?.username;
  if (username === undefined) throw notFound("Utilisateur introuvable.");
  const summary = balanceSummary(edit.field, username, edit.value);
  if (summary.before.length + summary.after.length + 20 > SUMMARY_MAX) return null;
  try {
    const done = await setBalanceJournaled(deps.db, { ...edit, username, journal: { actor, action: "coins.set", summary } });
    if (!done) return null;
    names.set(edit.userId, username);
    const { before: _, ...balances } = done;
    return balances;
  } catch (error) {
    // A deadlock or serialization failure: nothing was written; the transaction retries it.
    if (isRetryable(error)) return null;
    throw error;
  }
}

/** The edit in a transaction: the ledger's setBalance, then the journal line. */
async function setInTransaction(deps: AppDeps, actor: UserRow, edit: BalanceEdit): Promise<Balances> {
  const { username, balances } = await deps.db.transaction(async (tx) => {
    // The balance before and the name come from the writes themselves (an unknown user: 404, nothing written).
    const { before, username, ...after } = await setBalance(tx, edit);
    const summary = balanceSummary(edit.field, username, edit.value);
    await recordAdminAction(tx, actor, {
      action: "coins.set",
      target: { id: edit.userId, username },
      summary: `${summary.before}${before}${summary.after}`,
      details: { [edit.field]: { before, after: edit.value } },
      at: edit.at,
    });
    return { username, balances: after };
  });
  if (deps.engine.kind === "postgres") namesOf(deps).set(edit.userId, username);
  return balances;
}

/** Gives a border colour (unseen gift with the message, when not owned yet) and selects it. */
export async function setUserBorderColor(
  deps: AppDeps,
  actor: UserRow,
  userId: string,
  colorRef: string,
  adminMessage: string | undefined,
) {
  const user = await getUser(deps, userId);
  const at = deps.now();
  const journal = (colorId: string, name: string) => ({
    action: "border.set",
    target: user,
    summary: `Bordure ${deWord(user.username)} : ${name}`,
    details: { before: user.selectedBorderColor, after: colorId, adminMessage: adminMessage ?? null },
    at,
  });
  // The free default is no item: setting it back needs no grant.
  const colorId = await knownColorId(deps.db, colorRef);
  if (colorId === DEFAULT_BORDER_COLOR_ID) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ selectedBorderColor: DEFAULT_BORDER_COLOR_ID, updatedAt: new Date(at).toISOString() })
        .where(eq(users.id, userId));
      await recordAdminAction(tx, actor, journal(DEFAULT_BORDER_COLOR_ID, "couleur par défaut"));
    });
    return { success: true as const, message: `Couleur par défaut rétablie pour ${user.username}.` };
  }
  const target = await resolveTarget(deps.db, colorId ?? colorRef);
  if (target.kind !== "color") throw badRequest("Couleur inconnue.");
  await deps.db.transaction(async (tx) => {
    if (target.price > 0 || target.created) await grantTarget(tx, { userId, target, source: "gift", at, adminMessage, unseenGift: true });
    await tx
      .update(users)
      .set({ selectedBorderColor: target.color.id, updatedAt: new Date(at).toISOString() })
      .where(eq(users.id, userId));
    await recordAdminAction(tx, actor, journal(target.color.id, target.name));
  });
  return { success: true as const, message: `Couleur ${target.name} attribuée à ${user.username}.` };
}

export const AVATAR_URL_REQUIRED = "Une URL est requise.";
export const AVATAR_URL_INVALID = "URL invalide : elle doit commencer par http:// ou https://.";

/** Sets an avatar by URL: stored as given (http or https only), never fetched by the server. */
export async function setUserAvatarUrl(deps: AppDeps, actor: UserRow, userId: string, raw: string) {
  const user = await getUser(deps, userId);
  const text = raw.trim();
  if (!text) throw badRequest(AVATAR_URL_REQUIRED);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(AVATAR_URL_INVALID);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw badRequest(AVATAR_URL_INVALID);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        avatar: url.href,
        avatarVersion: user.avatarVersion + 1,
        avatarUpdatedAt: new Date(at).toISOString(),
        avatarCrop: null,
        updatedAt: new Date(at).toISOString(),
      })
      .where(eq(users.id, userId));
    await recordAdminAction(tx, actor, {
      action: "user.avatar",
      target: user,
      summary: `Avatar ${deWord(user.username)} défini par URL`,
      details: { before: user.avatar, after: url.href },
      at,
    });
  });
  return { success: true as const, message: `Avatar ${deWord(user.username)} mis à jour.` };
}

import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AppDeps } from "../../deps";
import {
  liveEvents,
  adminJournal,
  calendarFeeds,
  coinLedger,
  contactMessages,
  createdItems,
  handInFeedback,
  handInOverrides,
  handInVersions,
  patchNotes,
  idempotencyKeys,
  listVersions,
  personalTasks,
  popupAcks,
  popups,
  prestigeGrants,
  redeemCodes,
  redeemCodeUses,
  reminderDeliveries,
  reminderDevices,
  reminderSettings,
  resetGrants,
  secretQuestions,
  sessions,
  ssoIdentities,
  ssoLoginCodes,
  ssoProviders,
  taskFiles,
  taskProposalFiles,
  taskProposals,
  taskMilestones,
  taskStates,
  userEconomy,
  userItems,
  users,
  wheelSpins,
} from "../../db/schema";
import type { Tx, UserRow } from "../../db/types";
import { engineOf, first } from "../../db/engine";
import { randomToken } from "../../lib/ids";
import { recordAdminAction, type JournalActor } from "../../lib/journal";
import { dropMedia, findMedia, musicVersion } from "../../lib/profile-media";
import { taskFileKey } from "../../lib/task-files";

/** What the journal says instead of the person's name, in entries written before the erasure. */
export const ERASED_LABEL = "compte supprimé";

/**
 * Every table holding rows of one person, by the column naming them: each is emptied of the
 * person's rows in the erasure's transaction (the foreign keys would cascade most of them;
 * naming them keeps the list the documentation of what goes). A new personal table is one
 * line here (e.g. the sessions table).
 */
export const PERSONAL_ROWS: { table: SQLiteTable; user: SQLiteColumn }[] = [
  { table: taskStates, user: taskStates.userId },
  { table: handInOverrides, user: handInOverrides.userId },
  { table: handInVersions, user: handInVersions.userId },
  { table: handInFeedback, user: handInFeedback.userId },
  { table: personalTasks, user: personalTasks.ownerId },
  { table: reminderSettings, user: reminderSettings.userId },
  { table: reminderDevices, user: reminderDevices.userId },
  { table: reminderDeliveries, user: reminderDeliveries.userId },
  { table: calendarFeeds, user: calendarFeeds.userId },
  { table: ssoIdentities, user: ssoIdentities.userId },
  { table: ssoLoginCodes, user: ssoLoginCodes.userId },
  { table: secretQuestions, user: secretQuestions.userId },
  { table: resetGrants, user: resetGrants.userId },
  { table: userItems, user: userItems.userId },
  { table: userEconomy, user: userEconomy.userId },
  { table: wheelSpins, user: wheelSpins.userId },
  { table: taskMilestones, user: taskMilestones.userId },
  { table: idempotencyKeys, user: idempotencyKeys.userId },
  { table: redeemCodeUses, user: redeemCodeUses.userId },
  { table: popupAcks, user: popupAcks.userId },
  { table: popups, user: popups.userId },
  { table: sessions, user: sessions.userId },
];

export interface ErasureResult {
  username: string;
  /** The id the person's ledger rows now belong to. */
  anonymousId: string;
  handIns: number;
  ledgerRows: number;
}

/** The texts that name the person: username, first and last names (3 characters and more, so that no common word is hit). */
function namesOf(user: UserRow): string[] {
  const full = `${user.firstName} ${user.lastName}`.trim();
  const names = [user.username, full, user.firstName, user.lastName].map((n) => n.trim()).filter((n) => n.length >= 3);
  return [...new Set(names)].sort((a, b) => b.length - a.length);
}

/** Every name in `text` replaced by the label (case-sensitive, longest names first). */
function scrubbed(text: string, names: string[]): string {
  return names.reduce((out, name) => out.split(name).join(ERASED_LABEL), text);
}

/** Every string inside a JSON value with `edit` applied (keys too), the shape unchanged. */
function editStrings(value: unknown, edit: (s: string) => string): unknown {
  if (typeof value === "string") return edit(value);
  if (Array.isArray(value)) return value.map((v) => editStrings(v, edit));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [edit(k), editStrings(v, edit)]));
  return value;
}

/** A JSON column read as its text, for LIKE on both engines (SQLite keeps it as text, PostgreSQL as jsonb). */
const jsonText = (column: SQLiteColumn) => sql`CAST(${column} AS TEXT)`;

/**
 * The journal keeps its entries without the person: their id becomes the anonymous one, their
 * name leaves every summary and detail (entries about them and any other naming them). The
 * one exception to « the app never changes a journal row ».
 */
async function scrubJournal(tx: Tx, user: UserRow, anonymousId: string): Promise<void> {
  const names = namesOf(user);
  await tx
    .update(adminJournal)
    .set({ targetUserId: anonymousId, targetUsername: ERASED_LABEL })
    .where(eq(adminJournal.targetUserId, user.id));
  await tx.update(adminJournal).set({ adminId: anonymousId, adminUsername: ERASED_LABEL }).where(eq(adminJournal.adminId, user.id));
  // Rows that may name the person (case-sensitive match: the replacement is case-sensitive too).
  const mentions = names.flatMap((n) => [like(adminJournal.summary, `%${n}%`), like(jsonText(adminJournal.details), `%${n}%`)]);
  const rows = await tx
    .select({ id: adminJournal.id, summary: adminJournal.summary, details: adminJournal.details })
    .from(adminJournal)
    .where(or(like(jsonText(adminJournal.details), `%${user.id}%`), ...mentions));
  const scrub = (text: string) => scrubbed(text, names).split(user.id).join(anonymousId);
  for (const row of rows) {
    await tx
      .update(adminJournal)
      .set({ summary: scrubbed(row.summary, names), details: editStrings(row.details, scrub) as typeof row.details })
      .where(eq(adminJournal.id, row.id));
  }
}

/** Items drawn in the item creator credit their creators by id and name: the person leaves the credits. */
/**
 * What an admin or teacher made stays (pop-ups, codes, patch notes, items, ENT providers),
 * without its author: the id columns become empty, the username columns « compte supprimé ».
 */
async function forgetAuthorship(tx: Tx, user: UserRow): Promise<void> {
  for (const table of [popups, redeemCodes, patchNotes, createdItems] as const)
    await tx.update(table).set({ createdBy: null }).where(eq(table.createdBy, user.id));
  await tx.update(ssoProviders).set({ createdBy: ERASED_LABEL }).where(eq(ssoProviders.createdBy, user.username));
  await tx.update(ssoProviders).set({ updatedBy: ERASED_LABEL }).where(eq(ssoProviders.updatedBy, user.username));
}

async function scrubCredits(tx: Tx, user: UserRow): Promise<void> {
  const rows = await tx
    .select()
    .from(createdItems)
    .where(like(jsonText(createdItems.creatorIds), `%${user.id}%`));
  for (const row of rows) {
    const keep = row.creatorIds.map((id, i) => (id === user.id ? -1 : i)).filter((i) => i >= 0);
    const names = namesOf(user);
    let credits = row.look.credits;
    for (const n of names) credits = credits.split(n).join(ERASED_LABEL);
    await tx
      .update(createdItems)
      .set({
        creatorIds: keep.map((i) => row.creatorIds[i]!),
        creatorUsernames: keep.map((i) => row.creatorUsernames[i]!).filter((n) => n !== user.username),
        look: { ...row.look, credits },
      })
      .where(eq(createdItems.id, row.id));
  }
}

/** The erasure's rows, on `tx`: the person's go, what the school keeps is re-pointed or anonymised. */
async function eraseRows(tx: Tx, user: UserRow, anonymousId: string, by: JournalActor, at: number) {
  const userId = user.id;
  const self = by.id === user.id;
  // Their hand-ins (removed ones too) and the corrected copies returned to them.
  const theirs = and(eq(taskFiles.userId, userId), inArray(taskFiles.kind, ["submission", "returned"]));
  const handIns = await tx.select().from(taskFiles).where(theirs);
  await tx.delete(taskFiles).where(theirs);
  await tx.update(taskFiles).set({ userId: null }).where(eq(taskFiles.userId, userId));
  // The files of their proposals not yet validated (the rows go with the account; validated ones are the task's).
  const proposalFiles = await tx
    .select({ taskId: taskProposalFiles.proposalId, storedName: taskProposalFiles.storedName })
    .from(taskProposalFiles)
    .innerJoin(taskProposals, eq(taskProposals.id, taskProposalFiles.proposalId))
    .where(eq(taskProposals.proposedBy, userId));
  const email = await first(
    tx
      .select({ email: reminderSettings.email, at: reminderSettings.emailConfirmedAt })
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, userId)),
  );
  if (email?.email && email.at !== null) await tx.delete(contactMessages).where(eq(contactMessages.email, email.email));
  for (const { table, user: column } of PERSONAL_ROWS) await tx.delete(table).where(eq(column, userId));
  const ledgerRows = (
    await tx.update(coinLedger).set({ userId: anonymousId }).where(eq(coinLedger.userId, userId)).returning({ id: coinLedger.id })
  ).length;
  await tx.delete(listVersions).where(eq(listVersions.scope, `user:${userId}`));
  // Live-update events naming the account (its audience, a profile it changed): 15 minutes of hints, gone now.
  const named = `%"${userId}"%`;
  await tx.delete(liveEvents).where(or(like(liveEvents.audience, named), like(liveEvents.data, named)));
  await tx.update(prestigeGrants).set({ userId: anonymousId }).where(eq(prestigeGrants.userId, userId));
  await scrubCredits(tx, user);
  await forgetAuthorship(tx, user);
  await scrubJournal(tx, user, anonymousId);
  await tx.delete(users).where(eq(users.id, userId));
  await recordAdminAction(tx, self ? { id: anonymousId, username: ERASED_LABEL } : by, {
    action: "user.delete",
    target: { id: anonymousId, username: ERASED_LABEL },
    summary: `Compte supprimé et données effacées${self ? " à la demande de la personne" : ""} (${handIns.length} fichier(s) rendus, ${ledgerRows} ligne(s) du registre anonymisées)`,
    details: { role: user.role, year: user.year, selfService: self, handIns: handIns.length, ledgerRows },
    at,
  });
  return { handIns, ledgerRows, proposalFiles };
}

/**
 * Erases one account (the admin's « Effacer les données », a student's self-service erasure,
 * later the graduates' deletion): every row of the person and their files go; what the school
 * keeps stays without them:
 * - the coin ledger's rows are re-pointed to a fresh anonymous id, so the ledger's sum, the
 *   factions' and seasons' totals are unchanged (the person leaves the leaderboard);
 * - tasks they published stay (creator unknown), attachments they put on tasks stay (uploader
 *   unknown), their task proposals go (the files of those not validated too; a validated one's are the task's), their hand-ins go (removed ones, versions, extensions, feedback and the copies
 *   returned to them too); so do the pop-ups, codes, patch notes, items and ENT providers
 *   an admin made (author unknown);
 * - the journal keeps « compte supprimé » and loses their name everywhere;
 * - contact messages sent from their confirmed reminder e-mail go (the only address known to be theirs).
 * Rows in one transaction; files after the commit (a crash in between leaves files no row
 * points to, which the start-up sweep removes). `by` is the admin, or the person themself.
 */
export async function eraseAccount(deps: AppDeps, userId: string, by: JournalActor): Promise<ErasureResult> {
  const user = await first(deps.db.select().from(users).where(eq(users.id, userId)));
  if (!user) throw new Error(`eraseAccount: no account ${userId}`);
  const media = await Promise.all([
    user.avatarVersion > 0 ? findMedia(deps, "avatars", user.id, user.avatarVersion) : null,
    user.musicSrc ? findMedia(deps, "music", user.id, musicVersion(user.musicSrc)) : null,
  ]);
  const anonymousId = `anonyme-${randomToken(12)}`;
  const sqlite = deps.engine.kind === "sqlite";
  const result = await deps.db.transaction(async (tx) => {
    // secure_delete: SQLite overwrites what it deletes, so no name lingers in the file's free pages.
    // Set inside the transaction (serialised on SQLite), so no other erasure turns it off meanwhile.
    // SQLite only: PostgreSQL reuses dead tuples' space after VACUUM instead.
    if (sqlite) await engineOf(tx).raw.run("PRAGMA secure_delete = ON");
    try {
      return await eraseRows(tx, user, anonymousId, by, deps.now());
    } finally {
      if (sqlite) await engineOf(tx).raw.run("PRAGMA secure_delete = OFF");
    }
  });
  // Rows first, files after: a crash in between leaves files no row points to (the start-up sweep removes them).
  await deps.storage.remove(result.handIns.map((f) => taskFileKey(f)));
  await deps.storage.remove(result.proposalFiles.map((f) => taskFileKey({ ...f, kind: "attachment" })));
  await dropMedia(deps, media);
  // Deleted rows must not linger in free pages or the WAL: overwrite them and fold the WAL in.
  // SQLite only (PostgreSQL has no WAL file in the data folder to fold).
  if (sqlite) await deps.engine.raw.run("PRAGMA wal_checkpoint(TRUNCATE)");
  return { username: user.username, anonymousId, handIns: result.handIns.length, ledgerRows: result.ledgerRows };
}

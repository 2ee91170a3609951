import { getTableName } from "drizzle-orm";
import { adminJournal } from "../db/schema";
import { engineOf } from "../db/engine";
import type { DbOrTx } from "../db/types";

const j = adminJournal;
/** `admin_journal (at, admin_id, …, details)`: the target of a journal row's INSERT, in the order of its values. */
export const JOURNAL_INSERT_INTO = `${getTableName(j)} (${[
  j.at,
  j.adminId,
  j.adminUsername,
  j.action,
  j.targetUserId,
  j.targetUsername,
  j.summary,
  j.details,
]
  .map((c) => c.name)
  .join(", ")})`;
const JOURNAL_ROW_SQL = `INSERT INTO ${JOURNAL_INSERT_INTO} VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`;

/** Who did it: the admin's id and username, kept as text so the entry outlives the account. */
export interface JournalActor {
  id: string;
  username: string;
}

export interface JournalWrite {
  /** A key of JOURNAL_ACTION_LABELS (common/schemas/admin), e.g. "items.give". */
  action: string;
  /** The account the action was about, when there is one. */
  target?: { id: string; username: string } | null;
  /** One French line for the list, e.g. "Galaxie offert à lea.martin". */
  summary: string;
  /** Before/after values and other details (numbers, ids, names; never a secret). */
  details?: Record<string, unknown>;
  /** Time in ms (deps.now()). */
  at: number;
}

/**
 * Appends one entry to the admin journal. Call it inside the transaction of the write it
 * describes, so that an entry exists exactly when the write happened.
 */
export async function recordAdminAction(tx: DbOrTx, actor: JournalActor, entry: JournalWrite): Promise<void> {
  // Every admin write pays for this row: one statement prepared once on the connection,
  // not a query built per call (the columns are those of db/schema/journal.ts).
  await engineOf(tx).raw.run(JOURNAL_ROW_SQL, [
    entry.at,
    actor.id,
    actor.username,
    entry.action,
    entry.target?.id ?? null,
    entry.target?.username ?? null,
    entry.summary.slice(0, 500),
    JSON.stringify(entry.details ?? {}),
  ]);
}

/**
 * Records a single-row admin write right after it succeeded (the routes whose service
 * writes one row without a transaction of its own).
 */
export function journalWrite(
  deps: { db: DbOrTx; now: () => number },
  actor: JournalActor,
  action: string,
  summary: string,
  extra: { target?: JournalWrite["target"]; details?: Record<string, unknown> } = {},
): Promise<void> {
  return recordAdminAction(deps.db, { id: actor.id, username: actor.username }, { action, summary, at: deps.now(), ...extra });
}

/**
 * Authors writing what their role lets them (a delegate's task, a student's proposal) is
 * ordinary use; the same write by an admin is administration and goes to the admin journal,
 * like every other admin write. `id` names the row written.
 */
export async function journalIfAdmin(
  deps: { db: DbOrTx; now: () => number },
  user: JournalActor & { role: string },
  action: string,
  summary: string,
  id: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  if (user.role === "admin") await journalWrite(deps, user, action, summary, { details: { id, ...details } });
}

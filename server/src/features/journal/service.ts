import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { JournalEntry, JournalQuery } from "@planify/common/schemas/admin";
import { addDays, parisToUtc } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import { adminJournal } from "../../db/schema";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/** LIKE pattern of a user's search text, with the wildcards escaped. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filters(q: JournalQuery): SQL[] {
  const where: SQL[] = [];
  if (q.adminId) where.push(eq(adminJournal.adminId, q.adminId));
  if (q.action) where.push(eq(adminJournal.action, q.action));
  const user = q.user?.trim();
  if (user)
    where.push(or(eq(adminJournal.targetUserId, user), sql`lower(${adminJournal.targetUsername}) LIKE ${contains(user)} ESCAPE '\\'`)!);
  if (q.from) where.push(gte(adminJournal.at, parisToUtc(q.from)));
  if (q.to) where.push(lt(adminJournal.at, parisToUtc(addDays(q.to, 1))));
  if (q.before) where.push(lt(adminJournal.id, Number(q.before)));
  return where;
}

/** GET /admin-journal: newest first, filtered, paged by id. Read-only by design. */
export async function listJournal(deps: AppDeps, q: JournalQuery) {
  const limit = Math.min(MAX_LIMIT, Math.max(1, Number(q.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT));
  const rows = await deps.db
    .select()
    .from(adminJournal)
    .where(and(...filters(q)))
    .orderBy(desc(adminJournal.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const entries: JournalEntry[] = page.map((r) => ({ ...r, at: new Date(r.at).toISOString(), details: r.details ?? {} }));
  const actions = (await deps.db.selectDistinct({ action: adminJournal.action }).from(adminJournal).orderBy(asc(adminJournal.action))).map(
    (r) => r.action,
  );
  const admins = await deps.db
    .selectDistinct({ id: adminJournal.adminId, username: adminJournal.adminUsername })
    .from(adminJournal)
    .orderBy(asc(adminJournal.adminUsername));
  return {
    success: true as const,
    entries,
    nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
    actions,
    admins: admins.filter((a, i) => admins.findIndex((b) => b.id === a.id) === i),
  };
}

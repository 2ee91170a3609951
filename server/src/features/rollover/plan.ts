import { and, count, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { type NEXT_YEAR, parseUsernameCsv, ROLLOVER_MESSAGES as M, type RolloverCounts } from "@planify/common/constants/rollover";
import type { RolloverBody } from "@planify/common/schemas/rollover";
import { isSchoolYear, schoolYearAt } from "@planify/common/time/school-year";
import { tasks, users } from "../../db/schema";
import type { DbOrTx } from "../../db/types";
import { first } from "../../db/engine";
import { badRequest } from "../../lib/errors";
import { usernameKey } from "../../lib/text";

const CHUNK = 500;

/** What a rollover will do, decided from the body and the database as it is. */
export interface RolloverPlan {
  schoolYear: string;
  repeatingIds: string[];
  resetGroups: boolean;
  counts: RolloverCounts;
}

/** The school year the body names, or the current one; a French 400 for a malformed one. */
export function closedYear(body: RolloverBody, now: number): string {
  const year = body.schoolYear?.trim() || schoolYearAt(now);
  if (!isSchoolYear(year)) throw badRequest(M.badYear);
  return year;
}

/** Students still active (eleve, delegue; a deactivated graduate is never touched again). */
export const activeStudents = (): SQL => and(inArray(users.role, ["eleve", "delegue"]), isNull(users.deactivatedAt))!;

/** Ids of the repeating students the body names; unknown names or non-students are a French 400 naming them. */
async function repeatingIds(db: DbOrTx, body: RolloverBody): Promise<string[]> {
  const names = [...new Set([...(body.repeating ?? []), ...parseUsernameCsv(body.repeatingCsv ?? "")].map((n) => n.trim()))].filter(
    Boolean,
  );
  const found = new Map<string, { id: string; role: string; deactivatedAt: string | null }>();
  const keys = names.map(usernameKey);
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = await db
      .select({ key: users.usernameKey, id: users.id, role: users.role, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(inArray(users.usernameKey, keys.slice(i, i + CHUNK)));
    for (const r of rows) found.set(r.key, r);
  }
  const unknown = names.filter((n) => !found.has(usernameKey(n)));
  if (unknown.length) throw badRequest(M.unknownUsernames(unknown));
  const notStudents = names.filter((n) => {
    const row = found.get(usernameKey(n))!;
    return (row.role !== "eleve" && row.role !== "delegue") || row.deactivatedAt !== null;
  });
  if (notStudents.length) throw badRequest(M.notStudents(notStudents));
  return [...new Set(names.map((n) => found.get(usernameKey(n))!.id))];
}

/** Active students of a year who do not repeat it. */
export function movingFrom(year: keyof typeof NEXT_YEAR, repeating: string[]): SQL {
  const base = and(activeStudents(), eq(users.year, year));
  return (repeating.length ? and(base, notInArray(users.id, repeating)) : base)!;
}

/** Active students whose group or track a reset would change (graduates excluded: they leave). */
export function resettable(repeating: string[]): SQL {
  const staying = or(ne(users.year, "BUT3"), repeating.length ? inArray(users.id, repeating) : sql`0`);
  return and(activeStudents(), staying, or(ne(users.groupe, "Promo"), ne(users.specialite, "")))!;
}

const countWhere = async (db: DbOrTx, where: SQL) => (await first(db.select({ n: count() }).from(users).where(where)))?.n ?? 0;

/** Reads what the rollover would change; changes nothing. */
export async function planRollover(db: DbOrTx, body: RolloverBody, now: number): Promise<RolloverPlan> {
  const schoolYear = closedYear(body, now);
  const repeating = await repeatingIds(db, body);
  const resetGroups = body.resetGroups === true;
  const counts: RolloverCounts = {
    promotedBut1: await countWhere(db, movingFrom("BUT1", repeating)),
    promotedBut2: await countWhere(db, movingFrom("BUT2", repeating)),
    repeating: repeating.length,
    graduatesDeactivated: await countWhere(db, movingFrom("BUT3", repeating)),
    tasksArchived: (await first(db.select({ n: count() }).from(tasks).where(isNull(tasks.archivedYear))))?.n ?? 0,
    groupsReset: resetGroups ? await countWhere(db, resettable(repeating)) : 0,
  };
  return { schoolYear, repeatingIds: repeating, resetGroups, counts };
}

/** The instant `months` months after `now` (same day of month, clamped to the month's end). */
export function addMonths(now: number, months: number): number {
  const d = new Date(now);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return target.getTime();
}

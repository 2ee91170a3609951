import { and, asc, desc, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import { TASK_LIST_RECENT_DAYS, TASK_MESSAGES as M, TASK_PAGE_DEFAULT, TASK_PAGE_MAX } from "@planify/common/constants/tasks";
import type { TaskDto, TaskListQuery, TaskListResponse } from "@planify/common/schemas/tasks";
import type { AppDeps } from "../../deps";
import { tasks } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { memoOf, readListVersions } from "../../lib/cache";
import { EncodedJson } from "../../lib/http-cache";
import type { UserRow } from "../../db/types";
import { seesEverything, subjectAccess } from "../subjects";
import { groupsColumn, presentTasks, visibleBranches } from "./visibility";
import type { PersonalTaskRow as PersonalRow } from "../../db/types";
import { personalSource } from "./personal-source";

const DAY_MS = 86_400_000;

/**
 * First deadline of the default answer: midnight UTC of the day TASK_LIST_RECENT_DAYS ago.
 * Whole days keep the window (and so the ETag) still for a day instead of moving each ms.
 */
export const windowStart = (now: number) => Math.floor((now - TASK_LIST_RECENT_DAYS * DAY_MS) / DAY_MS) * DAY_MS;

/** A page position: tasks strictly before (deadline, id) in list order. */
interface Cursor {
  deadlineAt: number;
  id: string;
}

const encodeCursor = (c: Cursor) => (c.id ? `${c.deadlineAt}~${c.id}` : String(c.deadlineAt));

function decodeCursor(raw: string): Cursor {
  const match = raw.match(/^(-?\d{1,16})(?:~([A-Za-z0-9_-]{1,100}))?$/);
  if (!match) throw badRequest(M.badCursor);
  return { deadlineAt: Number(match[1]), id: match[2] ?? "" };
}

/** The page size asked for, 1 to TASK_PAGE_MAX, or a French 400. */
function pageSize(raw: string | undefined): number {
  if (raw === undefined) return TASK_PAGE_DEFAULT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > TASK_PAGE_MAX) throw badRequest(M.badPageSize);
  return n;
}

/** Deadline before the cursor (ties broken by id, so equal deadlines never repeat or vanish). */
const olderThan = (c: Cursor): SQL =>
  c.id
    ? or(lt(tasks.deadlineAt, c.deadlineAt), and(eq(tasks.deadlineAt, c.deadlineAt), lt(tasks.id, c.id)))!
    : lt(tasks.deadlineAt, c.deadlineAt);

type Row = { task: typeof tasks.$inferSelect; groups: string };

/** Rows of one visibility branch older than the cursor, newest first, read along its index. */
async function olderRows(deps: AppDeps, branch: SQL | undefined, cursor: Cursor, limit: number): Promise<Row[]> {
  return await deps.db
    .select({ task: tasks, groups: groupsColumn })
    .from(tasks)
    .where(and(branch, olderThan(cursor)))
    .orderBy(desc(tasks.deadlineAt), desc(tasks.id))
    .limit(limit);
}

/**
 * The caller's tasks older than the cursor: each visibility branch (and the caller's own
 * personal tasks) walks its own index newest-first and stops after `limit + 1` rows, so a
 * page costs what it shows, not the school's history. Answers the page's class and personal
 * rows and the next cursor.
 */
async function olderPage(deps: AppDeps, user: UserRow, cursor: Cursor, limit: number) {
  const seen = new Set<string>();
  const merged: ({ kind: "class"; row: Row } | { kind: "personal"; row: PersonalRow })[] = [];
  for (const branch of visibleBranches(user)) {
    for (const row of await olderRows(deps, branch, cursor, limit + 1)) {
      if (seen.has(row.task.id)) continue;
      merged.push({ kind: "class", row });
      seen.add(row.task.id);
    }
  }
  for (const row of await personalSource(deps).before(deps, user, cursor, limit + 1)) merged.push({ kind: "personal", row });
  const keyOf = (e: (typeof merged)[number]) => (e.kind === "class" ? e.row.task : e.row);
  merged.sort((a, b) => keyOf(b).deadlineAt - keyOf(a).deadlineAt || (keyOf(b).id < keyOf(a).id ? -1 : 1));
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  const next = merged.length > limit && last ? encodeCursor({ deadlineAt: keyOf(last).deadlineAt, id: keyOf(last).id }) : null;
  const rows: Row[] = [];
  const own: PersonalRow[] = [];
  // Oldest first, as the list is sorted.
  for (const e of page.reverse()) e.kind === "class" ? rows.push(e.row) : own.push(e.row);
  return { rows, own, next };
}

/** Whether any task the caller may see is older than the cursor (at most one id per branch, read from its index). */
async function hasOlder(deps: AppDeps, user: UserRow, cursor: Cursor): Promise<boolean> {
  for (const branch of visibleBranches(user)) {
    const older = await deps.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(branch, olderThan(cursor)))
      .limit(1);
    if (older.length > 0) return true;
  }
  return (await personalSource(deps).before(deps, user, cursor, 1)).length > 0;
}

/** Class tasks (subject rules applied) and the caller's personal tasks, as one list by deadline. */
async function present(deps: AppDeps, user: UserRow, rows: Row[], own: PersonalRow[]): Promise<TaskDto[]> {
  const allowed = await subjectAccess(deps, user);
  const shared = await presentTasks(
    deps,
    user,
    rows.filter((r) => r.task.createdBy === user.id || allowed(r.task.matiere)),
  );
  // A student's extended task sits at their own deadline: the list is sorted again then.
  if (!own.length && !shared.some((t) => t.handIn?.extended)) return shared;
  const now = deps.now();
  const mine = own.map((row) => personalSource(deps).present(row, user, now));
  return [...shared, ...mine].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : 1));
}

/**
 * Tasks the student's own deadline brings into a span starting at `from` though the task's own
 * deadline is before it (a long extension); read along hand_in_overrides' user index. Staff: none.
 */
async function extendedInto(deps: AppDeps, user: UserRow, from: number): Promise<string[]> {
  if (seesEverything(user)) return [];
  const rows = await deps.engine.raw.all<{ id: string }>(
    "SELECT o.task_id AS id FROM hand_in_overrides o JOIN tasks t ON t.id = o.task_id WHERE o.user_id = ?1 AND o.deadline_at >= ?2 AND t.deadline_at < ?2",
    [user.id, from],
  );
  return rows.map((r) => r.id);
}

/** The recent window: tasks due since windowStart (by the student's own deadline too), every future one included, by deadline. */
async function recentRows(deps: AppDeps, user: UserRow, from: number): Promise<Row[]> {
  const extended = await extendedInto(deps, user, from);
  const inSpan = extended.length ? or(gte(tasks.deadlineAt, from), inArray(tasks.id, extended)) : gte(tasks.deadlineAt, from);
  const branches = visibleBranches(user).map((b) => and(b, inSpan));
  return await deps.db
    .select({ task: tasks, groups: groupsColumn })
    .from(tasks)
    .where(branches.length === 1 ? branches[0] : or(...branches))
    .orderBy(asc(tasks.deadlineAt), asc(tasks.id));
}

/** Every task the caller may see due from `from` (UTC ms) on, personal ones included, by deadline (the calendar feed's span). */
export async function listTasksFrom(deps: AppDeps, user: UserRow, from: number): Promise<TaskDto[]> {
  return await present(deps, user, await recentRows(deps, user, from), await personalSource(deps).from(deps, user, from));
}

/**
 * Whether the user's list, as /devoirs shows it (the recent window), holds a class homework not
 * yet checked, archived or hidden (the original's userHasTodoDevoirs, for the daily quests' draw).
 */
export async function hasHomeworkToDo(deps: AppDeps, user: UserRow): Promise<boolean> {
  const list = await listTasksFrom(deps, user, windowStart(deps.now()));
  return list.some((t) => t.type === "devoir" && !t.personal && !t.checked && !t.archived && !t.hidden);
}

/**
 * GET /events: the recent window by default (with the cursor of what is older), one page
 * older than `before`, or every task with `window=all`; the caller's personal tasks are
 * merged in by deadline (`personal: true`). Subject rules filter in memory as they always
 * did; a page can then hold fewer rows than `limit` while more remain.
 */
export async function listTasks(
  deps: AppDeps,
  user: UserRow,
  query: TaskListQuery,
): Promise<{ events: TaskDto[]; olderCursor: string | null }> {
  if (query.before !== undefined) {
    const { rows, own, next } = await olderPage(deps, user, decodeCursor(query.before), pageSize(query.limit));
    return { events: await present(deps, user, rows, own), olderCursor: next };
  }
  if (query.window === "all") return { events: await listTasksFrom(deps, user, Number.MIN_SAFE_INTEGER), olderCursor: null };
  const from = windowStart(deps.now());
  const start: Cursor = { deadlineAt: from, id: "" };
  const events = await listTasksFrom(deps, user, from);
  return { events, olderCursor: (await hasOlder(deps, user, start)) ? encodeCursor(start) : null };
}

/**
 * The caller's own extended deadlines (hand_in_overrides, by its user index): the last one
 * passed, or the next one to come. Their `late` flags change then, like a task's deadline.
 */
async function ownDeadlineAround(deps: AppDeps, userId: string, now: number, which: "passed" | "next"): Promise<number | null> {
  const query =
    which === "passed"
      ? "SELECT max(deadline_at) AS at FROM hand_in_overrides WHERE user_id = ?1 AND deadline_at < ?2"
      : "SELECT min(deadline_at) AS at FROM hand_in_overrides WHERE user_id = ?1 AND deadline_at >= ?2";
  const row = await deps.engine.raw.get<{ at: number | string | null }>(query, [userId, now]);
  return row?.at == null ? null : Number(row.at);
}

/**
 * This server process's start: in every list validator, because a restore (done with the server
 * stopped) puts back older counters, which later writes could bring back to a number a browser
 * already holds for another list. The cost: one full answer per browser after each start.
 */
const STARTED = `${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`;

/**
 * Weak validator of a list answer, from counters rather than the body: the task and
 * subject counter, the caller's own counter (states and personal tasks), what the caller is
 * (role, year, group, speciality decide visibility and rights), the window's day, the query,
 * and the last deadline already passed, class or personal (the `late` flags change then).
 */
async function computeEtag(deps: AppDeps, user: UserRow, query: TaskListQuery, now: number): Promise<string> {
  const versions = await readListVersions(deps.engine.raw, user.id);
  const passed = (
    await deps.engine.raw.get<{ at: number | string | null }>("SELECT max(deadline_at) AS at FROM tasks WHERE deadline_at < ?1", [now])
  )?.at;
  const key = [
    "v1",
    STARTED,
    user.id,
    user.role,
    user.year,
    user.groupe,
    user.specialite,
    seesEverything(user),
    versions.tasks,
    versions.user,
    windowStart(now),
    passed ?? "",
    (await personalSource(deps).lastPassedDeadline(deps, user.id, now)) ?? "",
    (await ownDeadlineAround(deps, user.id, now, "passed")) ?? "",
    query.before ?? "",
    query.limit ?? "",
    query.window ?? "",
  ].join("|");
  return `W/"${Bun.hash(key).toString(36)}"`;
}

/**
 * The first instant at which the validator computed at `now` may differ without any write:
 * the next deadline (class or the caller's own) becoming past, or the window's next day.
 */
async function etagValidUntil(deps: AppDeps, userId: string, now: number): Promise<number> {
  const next = await deps.engine.raw.get<{ at: number | string | null }>(
    "SELECT min(deadline_at) AS at FROM tasks WHERE deadline_at >= ?1",
    [now],
  );
  // PostgreSQL answers a bigint's min() as a string.
  const classDeadline = next?.at == null ? null : Number(next.at);
  const ownDeadline = await personalSource(deps).nextDeadline(deps, userId, now);
  const extended = await ownDeadlineAround(deps, userId, now, "next");
  // windowStart(now) moves when now reaches windowStart(now) + (TASK_LIST_RECENT_DAYS + 1) days.
  const candidates = [windowStart(now) + (TASK_LIST_RECENT_DAYS + 1) * DAY_MS];
  // A deadline d stops being "to come" once now > d, so the validator holds up to d included.
  for (const d of [classDeadline, ownDeadline, extended]) if (d !== null) candidates.push(d + 1);
  return Math.min(...candidates);
}

/**
 * The list's validator, remembered per caller and query until the next write to the database
 * (every counter it reads moves only with a write) or the next instant time alone changes it
 * (etagValidUntil): an unchanged list then costs one look at the write stamp, not its queries.
 */
export async function listEtag(deps: AppDeps, user: UserRow, query: TaskListQuery): Promise<string> {
  const now = deps.now();
  const who = [user.id, user.role, user.year, user.groupe, user.specialite, query.before ?? "", query.limit ?? "", query.window ?? ""].join(
    "|",
  );
  // Bounded by callers and queries: 20,000 is a large school's students with a few windows each.
  // The instant it holds until is read with it (the lifetime's `until` cannot query).
  const memo = memoOf<{ etag: string; until: number }>(deps.engine, "list-etags", { max: 20_000, untilWriteTo: deps.engine });
  const kept = await memo.getAsync(
    who,
    async () => ({ etag: await computeEtag(deps, user, query, now), until: await etagValidUntil(deps, user.id, now) }),
    { now, until: (value) => value.until },
  );
  return kept.etag;
}

/**
 * The GET /events answer (`success` and listTasks), remembered per caller and validator as
 * encoded bytes: the ETag moves whenever the answer could change, so an answer built for the
 * same caller and ETag is still the right one. Clients that do not revalidate (or lost their
 * copy) then cost a lookup instead of the queries, the serialisation and the compression.
 * At most 500 answers (a class's worth of lists, a few hundred KB each at most).
 */
export function listAnswer(deps: AppDeps, user: UserRow, query: TaskListQuery, etag: string): Promise<EncodedJson> {
  return memoOf<EncodedJson>(deps.engine, "list-answers", { max: 500 }).getAsync(
    `${user.id}|${etag}`,
    async () => new EncodedJson({ success: true, ...(await listTasks(deps, user, query)) } satisfies TaskListResponse),
  );
}

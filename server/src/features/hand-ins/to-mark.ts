// « À corriger »: the teacher's own tasks (and those no teacher owns) whose hand-ins wait for marking.
import { and, asc, eq, exists, isNull, notInArray, or, sql } from "drizzle-orm";
import type { ToMarkResponse } from "@planify/common/schemas/hand-ins";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { handInFeedback, handInVersions, taskFiles, tasks, users } from "../../db/schema";
import { groupsColumn } from "../tasks";
import { countsOf, toHandInTask, toRow } from "./present";
import { factsOf, studentsOf } from "./roster";

/**
 * GET /hand-ins/to-mark: the tasks the caller created (profs and admins alike: « mes tâches »),
 * and those no teacher owns (created by a delegate, or by an account since deleted: every
 * teacher may run them, so every teacher is shown them), of the current school year, that hold a hand-in or a draft, kept when some hand-in is not
 * marked for its current version or a draft is not returned yet; by deadline.
 */
export async function toMark(deps: AppDeps, user: UserRow): Promise<ToMarkResponse> {
  const ofTask = (table: typeof handInVersions | typeof handInFeedback) =>
    exists(deps.db.select({ one: sql`1` }).from(table).where(eq(table.taskId, tasks.id)));
  const candidates = await deps.db
    .select({ task: tasks, groups: groupsColumn })
    .from(tasks)
    .where(
      and(
        or(
          eq(tasks.createdBy, user.id),
          isNull(tasks.createdBy),
          exists(
            deps.db
              .select({ one: sql`1` })
              .from(users)
              .where(and(eq(users.id, tasks.createdBy), notInArray(users.role, ["prof", "admin"]))),
          ),
        ),
        isNull(tasks.archivedYear),
        or(
          ofTask(handInVersions),
          ofTask(handInFeedback),
          exists(
            deps.db
              .select({ one: sql`1` })
              .from(taskFiles)
              .where(and(eq(taskFiles.taskId, tasks.id), eq(taskFiles.kind, "returned"))),
          ),
        ),
      ),
    )
    .orderBy(asc(tasks.deadlineAt), asc(tasks.id));
  const out: ToMarkResponse["tasks"] = [];
  for (const { task, groups } of candidates) {
    const groupes = JSON.parse(groups) as string[];
    const facts = await factsOf(deps.db, task.id, await studentsOf(deps, { task, groupes }));
    const counts = countsOf(
      facts.map((f) => toRow(task, f)),
      facts,
    );
    if (counts.aCorriger === 0 && counts.brouillons === 0) continue;
    out.push({
      task: toHandInTask(task, groupes),
      expected: counts.total - counts.dispense,
      handedIn: counts.rendu + counts["en-retard"],
      aCorriger: counts.aCorriger,
      brouillons: counts.brouillons,
    });
  }
  return { success: true, tasks: out };
}

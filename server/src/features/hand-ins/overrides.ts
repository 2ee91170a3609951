// A student's own terms: a later deadline, an exemption, a reopened deposit box.
import { and, eq } from "drizzle-orm";
import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import type { HandInOverrideBody, HandInRowResponse } from "@planify/common/schemas/hand-ins";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { handInOverrides } from "../../db/schema";
import { parisStamp } from "../../lib/csv";
import { badRequest, conflict } from "../../lib/errors";
import { deadlineOf, parseDate, parseTime } from "../tasks";
import { journalHandIn } from "./journal";
import { announceHandIn } from "./live";
import { toRow } from "./present";
import { factsOfOne, type OverrideRow, writableStudent } from "./roster";
import { rowOf } from "./table";

/** The new deadline of a body, read as Paris time; it must fall after the task's own. */
function readDeadline(body: HandInOverrideBody, taskDeadlineAt: number): number | null {
  if (body.deadline === null) return null;
  const date = parseDate(body.deadline.date);
  const heure = parseTime(body.deadline.heure);
  if (!date || !heure) throw badRequest(H.deadlineInvalid);
  const at = deadlineOf(date, heure);
  if (at <= taskDeadlineAt) throw badRequest(H.deadlineBeforeTask);
  return at;
}

/** What the teacher is told: the exemption when it changed, else the deadline. */
function messageOf(before: OverrideRow | null, deadlineAt: number | null, exempt: boolean): string {
  if (exempt !== (before?.exempt ?? false)) return exempt ? H.exempted : H.exemptionRemoved;
  return deadlineAt === null ? H.extensionRemoved : H.extended;
}

/** PUT …/students/{userId}/override: the student's own deadline (null: the task's) and exemption. */
export async function setOverride(
  deps: AppDeps,
  user: UserRow,
  taskId: string,
  userId: string,
  body: HandInOverrideBody,
): Promise<HandInRowResponse> {
  const { found, student } = await writableStudent(deps, taskId, userId);
  const deadlineAt = readDeadline(body, found.task.deadlineAt);
  const at = deps.now();
  const before = await deps.db.transaction(async (tx) => {
    const { override } = await factsOfOne(tx, taskId, student);
    const values = { deadlineAt, exempt: body.exempt, updatedAt: at, updatedBy: user.id };
    if (deadlineAt === null && !body.exempt && (override?.reopenedAt ?? null) === null) {
      // Back to the task's own terms: no row left to say otherwise.
      await tx.delete(handInOverrides).where(and(eq(handInOverrides.taskId, taskId), eq(handInOverrides.userId, userId)));
    } else {
      await tx
        .insert(handInOverrides)
        .values({ taskId, userId, ...values })
        .onConflictDoUpdate({ target: [handInOverrides.taskId, handInOverrides.userId], set: values });
    }
    await announceHandIn(tx, at, taskId, [userId]);
    const when = deadlineAt === null ? "échéance de la tâche" : `délai au ${parisStamp(deadlineAt)}`;
    await journalHandIn(
      tx,
      user,
      at,
      "hand-ins.override",
      `${found.task.titre} : ${student.username} (${when}${body.exempt ? ", dispensé" : ""})`,
      {
        taskId,
        deadlineAt,
        exempt: body.exempt,
      },
      student,
    );
    return override;
  });
  return { success: true, message: messageOf(before, deadlineAt, body.exempt), row: await rowOf(deps, found, student) };
}

/** POST …/students/{userId}/reopen: the student may deposit again (until the copies are returned again). */
export async function reopen(deps: AppDeps, user: UserRow, taskId: string, userId: string): Promise<HandInRowResponse> {
  const { found, student } = await writableStudent(deps, taskId, userId);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const facts = await factsOfOne(tx, taskId, student);
    if (toRow(found.task, facts).open) throw conflict(H.notClosed);
    // A reopening counts after the last return even within the same millisecond.
    const reopenedAt = Math.max(at, (facts.feedback?.publishedAt ?? 0) + 1);
    await tx
      .insert(handInOverrides)
      .values({ taskId, userId, reopenedAt, updatedAt: at, updatedBy: user.id })
      .onConflictDoUpdate({
        target: [handInOverrides.taskId, handInOverrides.userId],
        set: { reopenedAt, updatedAt: at, updatedBy: user.id },
      });
    await announceHandIn(tx, at, taskId, [userId]);
    await journalHandIn(
      tx,
      user,
      at,
      "hand-ins.reopen",
      `${found.task.titre} : dépôt rouvert pour ${student.username}`,
      { taskId },
      student,
    );
  });
  return { success: true, message: H.reopened, row: await rowOf(deps, found, student) };
}

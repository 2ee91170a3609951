// The teacher's draft feedback on one hand-in, and the task's mark scale.
import { and, eq, gt, isNotNull, or } from "drizzle-orm";
import { FEEDBACK_COMMENT_MAX, HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import { isMarkScale, parseMark } from "@planify/common/rules/hand-ins";
import type { FeedbackBody, FeedbackSavedResponse } from "@planify/common/schemas/hand-ins";
import type { Static } from "@sinclair/typebox";
import type { MarkScaleResponse } from "@planify/common/schemas/hand-ins";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { handInFeedback, tasks } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";
import { cleanComment } from "./comment";
import { journalHandIn } from "./journal";
import { announceHandIn } from "./live";
import { toFeedbackDraft, toHandInTask, toRow } from "./present";
import { factsOfOne, writableStudent, loadWritableHandInTask } from "./roster";

/** The draft's mark: null when cleared ("" or null), else a valid mark on the scale (400 otherwise). */
function readMark(raw: FeedbackBody["mark"], scale: number): number | null {
  if (raw === null || (typeof raw === "string" && raw.trim() === "")) return null;
  const mark = parseMark(raw, scale);
  if (mark === null) throw badRequest(H.markInvalid);
  return mark;
}

/**
 * PUT …/students/{userId}/feedback: saves the draft (the student sees nothing until « Rendre
 * les copies »), written for the student's current version. A student with nothing handed in
 * may be marked too: a copy handed in on paper, or a mark for an absence, is the teacher's call.
 */
export async function saveFeedback(
  deps: AppDeps,
  user: UserRow,
  taskId: string,
  userId: string,
  body: FeedbackBody,
): Promise<FeedbackSavedResponse> {
  const { found, student } = await writableStudent(deps, taskId, userId);
  const comment = cleanComment(body.comment);
  if (comment.length > FEEDBACK_COMMENT_MAX) throw badRequest(H.commentTooLong);
  const mark = readMark(body.mark, found.task.markScale);
  const at = deps.now();
  const facts = await deps.db.transaction(async (tx) => {
    const { current } = await factsOfOne(tx, taskId, student);
    const values = { comment, mark, version: current?.version ?? null, updatedAt: at, updatedBy: user.id };
    await tx
      .insert(handInFeedback)
      .values({ taskId, userId, ...values })
      .onConflictDoUpdate({ target: [handInFeedback.taskId, handInFeedback.userId], set: values });
    // Staff tables only: the student's answer does not change until the copies are returned.
    await announceHandIn(tx, at, taskId, []);
    await journalHandIn(
      tx,
      user,
      at,
      "hand-ins.feedback",
      `${found.task.titre} : correction de ${student.username}`,
      { taskId, mark },
      student,
    );
    return await factsOfOne(tx, taskId, student);
  });
  return { success: true, message: H.draftSaved, row: toRow(found.task, facts), feedback: toFeedbackDraft(facts) };
}

/** PUT /hand-ins/tasks/{taskId}/scale: refused while a draft or returned mark is above the new scale. */
export async function setScale(deps: AppDeps, user: UserRow, taskId: string, markScale: number): Promise<Static<typeof MarkScaleResponse>> {
  if (!isMarkScale(markScale)) throw badRequest(H.scaleInvalid);
  const found = await loadWritableHandInTask(deps.db, taskId);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const above = await first(
      tx
        .select({ userId: handInFeedback.userId })
        .from(handInFeedback)
        .where(and(eq(handInFeedback.taskId, taskId), or(gt(handInFeedback.mark, markScale), gt(handInFeedback.publishedMark, markScale))))
        .limit(1),
    );
    if (above) throw badRequest(H.scaleBelowMarks);
    // Marks the students were given stay on the scale they were given on.
    if (markScale !== found.task.markScale) {
      const given = await first(
        tx
          .select({ userId: handInFeedback.userId })
          .from(handInFeedback)
          .where(and(eq(handInFeedback.taskId, taskId), isNotNull(handInFeedback.publishedMark)))
          .limit(1),
      );
      if (given) throw conflict(H.scaleAfterReturn);
    }
    await tx.update(tasks).set({ markScale }).where(eq(tasks.id, taskId));
    await announceHandIn(tx, at, taskId, []);
    await journalHandIn(tx, user, at, "hand-ins.scale", `${found.task.titre} : barème sur ${markScale}`, {
      taskId,
      before: found.task.markScale,
      after: markScale,
    });
  });
  return { success: true, message: H.scaleSaved, task: toHandInTask({ ...found.task, markScale }, found.groupes) };
}

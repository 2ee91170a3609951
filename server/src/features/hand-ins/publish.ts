// « Rendre les copies »: every draft that differs from what the student was last given is
// published at once, in one transaction (a failure publishes none), then each student is told.
import { and, eq, sql } from "drizzle-orm";
import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import type { PublishResponse } from "@planify/common/schemas/hand-ins";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { handInFeedback } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { sendNotices } from "../reminders";
import { journalHandIn } from "./journal";
import { notifySafely } from "./notify";
import { announceHandIn } from "./live";
import { stateOf } from "./present";
import { factsOf, studentsOf, loadWritableHandInTask } from "./roster";

/** Test seam: called after each student's row is published, inside the transaction. */
export type PublishHook = (userId: string, index: number) => void | Promise<void>;

/**
 * POST /hand-ins/tasks/{taskId}/publish. Students who no longer see the task keep what they
 * were given; drafts are read inside the transaction, so a draft saved meanwhile is either
 * published whole or left for the next time.
 */
export async function publishAll(deps: AppDeps, user: UserRow, taskId: string, afterEach?: PublishHook): Promise<PublishResponse> {
  const found = await loadWritableHandInTask(deps.db, taskId);
  const students = await studentsOf(deps, found);
  const at = deps.now();
  const published = await deps.db.transaction(async (tx) => {
    const pending = (await factsOf(tx, taskId, students)).filter((f) => stateOf(f) === "brouillon");
    if (pending.length === 0) throw conflict(H.nothingToPublish);
    for (const [i, f] of pending.entries()) {
      if (f.feedback) {
        await tx
          .update(handInFeedback)
          .set({
            publishedComment: sql`${handInFeedback.comment}`,
            publishedMark: sql`${handInFeedback.mark}`,
            publishedVersion: sql`${handInFeedback.version}`,
            publishedAt: at,
          })
          .where(and(eq(handInFeedback.taskId, taskId), eq(handInFeedback.userId, f.student.id)));
      } else {
        // Only returned copies, no comment or mark yet: the row records when they were given.
        await tx.insert(handInFeedback).values({
          taskId,
          userId: f.student.id,
          updatedAt: at,
          updatedBy: user.id,
          publishedComment: "",
          publishedAt: at,
          version: f.current?.version ?? null,
          publishedVersion: f.current?.version ?? null,
        });
      }
      await afterEach?.(f.student.id, i);
    }
    const ids = pending.map((f) => f.student.id);
    await announceHandIn(tx, at, taskId, ids);
    await journalHandIn(tx, user, at, "hand-ins.publish", `${found.task.titre} : ${H.published(ids.length)}`, { taskId, students: ids });
    return ids;
  });
  // Told once the copies are theirs: a notice never announces what a rollback took back.
  await notifySafely(deps, "feedback", () =>
    sendNotices(
      deps,
      published.map((userId) => ({
        userId,
        kind: "feedback",
        key: `feedback:${taskId}:${at}`,
        payload: {
          title: H.feedbackTitle(found.task.titre).slice(0, 120),
          body: H.feedbackBody,
          tag: `copie-${taskId}`,
          url: `/devoirs?tache=${encodeURIComponent(taskId)}`,
        },
      })),
    ),
  );
  return { success: true, message: H.published(published.length), published: published.length };
}

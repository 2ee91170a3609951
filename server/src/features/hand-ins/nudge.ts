// « Relancer les retardataires »: one reminder, at most once per task and Paris day, to the
// students who have not handed in and still may, through their reminder channels.
import { HAND_IN_MESSAGES as H } from "@planify/common/constants/hand-ins";
import type { NudgeResponse } from "@planify/common/schemas/hand-ins";
import { parisDate } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { handInNudges } from "../../db/schema";
import { parisStamp } from "../../lib/csv";
import { conflict } from "../../lib/errors";
import { sendNotices } from "../reminders";
import { journalHandIn } from "./journal";
import { announceHandIn } from "./live";
import { notifySafely } from "./notify";
import { toRow } from "./present";
import { factsOf, studentsOf, loadWritableHandInTask } from "./roster";
import { nudgedToday } from "./table";

/**
 * POST …/nudge. The day's row is taken before anything is sent (two teachers clicking at once
 * send one round); a round with nobody to remind records nothing, so it may be tried again.
 * `sent` counts the students reminded, whether or not they turned on a device or an e-mail.
 */
export async function nudge(deps: AppDeps, user: UserRow, taskId: string): Promise<NudgeResponse> {
  const found = await loadWritableHandInTask(deps.db, taskId);
  const now = deps.now();
  if (await nudgedToday(deps.db, taskId, now)) throw conflict(H.nudgeAlreadyToday);
  const facts = await factsOf(deps.db, taskId, await studentsOf(deps, found));
  const targets = facts.map((f) => toRow(found.task, f)).filter((r) => r.status === "non-rendu" && r.open);
  if (targets.length === 0) return { success: true, message: H.nudgeDone(0), sent: 0 };
  const day = parisDate(now);
  await deps.db.transaction(async (tx) => {
    const taken = await first(
      tx
        .insert(handInNudges)
        .values({ taskId, parisDay: day, sentAt: now, sentBy: user.id, recipients: targets.length })
        .onConflictDoNothing()
        .returning({ day: handInNudges.parisDay }),
    );
    if (!taken) throw conflict(H.nudgeAlreadyToday);
    // Other open tables grey out their « Relancer » button.
    await announceHandIn(tx, now, taskId, []);
    await journalHandIn(tx, user, now, "hand-ins.nudge", `${found.task.titre} : ${H.nudgeDone(targets.length)}`, {
      taskId,
      students: targets.map((r) => r.userId),
    });
  });
  await notifySafely(deps, "nudge", () =>
    sendNotices(
      deps,
      targets.map((r) => ({
        userId: r.userId,
        kind: "nudge",
        key: `nudge:${taskId}:${day}`,
        payload: {
          title: H.nudgeTitle(found.task.titre).slice(0, 120),
          body: H.nudgeBody(parisStamp(Date.parse(r.deadline))),
          tag: `relance-${taskId}`,
          url: `/devoirs?tache=${encodeURIComponent(taskId)}`,
        },
      })),
    ),
  );
  return { success: true, message: H.nudgeDone(targets.length), sent: targets.length };
}

// One-off notices a teacher's action sends to students (« Relancer les retardataires », « Rendre
// les copies »), through the same channels, rows and delivery as reminders: push, desktop and
// e-mail as each student set them. The row is claimed before the send, so a send that fails
// (or a process that dies) is taken back by the reminder tick until `retryUntil`.
import { first } from "../../db/engine";
import { reminderDeliveries } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { deliver, channelsOf, type Claim } from "./dispatch";
import type { ReminderPayload } from "./messages";
import { isQuietNow } from "./plan";
import { readPrefs } from "./settings";

/** One student's notice; `key` names it in the delivery rows ("nudge:<task>:<day>"). */
export interface Notice {
  userId: string;
  /** Kind of notice, stored as the delivery's lead ("nudge", "feedback"). */
  kind: string;
  key: string;
  payload: ReminderPayload;
}

const RETRY_MS = 24 * 3_600_000;

/**
 * Claims and sends notices; returns the students reached on at least one channel (a desktop
 * window counts once its inbox holds it). Students who turned reminders off get nothing; in
 * their quiet hours the claim waits for the reminder tick, which sends it once they are over.
 */
export async function sendNotices(deps: AppDeps, notices: Notice[]): Promise<number> {
  const now = deps.now();
  const planned: { notice: Notice; channels: { id: string; waits: boolean }[]; quiet: boolean }[] = [];
  for (const notice of notices) {
    const prefs = await readPrefs(deps, notice.userId);
    if (!prefs.enabled) continue;
    const channels = await channelsOf(deps, { id: notice.userId });
    if (channels.length > 0) planned.push({ notice, channels, quiet: isQuietNow(now, prefs) });
  }
  // The rows are collected once the transaction returns (its callback may run again on PostgreSQL).
  const claimed = await deps.db.transaction(async (tx) => {
    const out: { claim: Claim; send: boolean }[] = [];
    for (const { notice, channels, quiet } of planned) {
      for (const ch of channels) {
        const row = await first(
          tx
            .insert(reminderDeliveries)
            .values({
              userId: notice.userId,
              taskId: notice.key,
              lead: notice.kind,
              channel: ch.id,
              // For a notice, the time past which a failed send is no longer retried.
              deadlineAt: now + RETRY_MS,
              status: ch.waits ? "pending" : "sending",
              payload: JSON.stringify(notice.payload),
              attempts: ch.waits ? 0 : 1,
              claimedAt: now,
              claimedBy: `notice:${notice.kind}`,
            })
            .onConflictDoNothing()
            .returning(),
        );
        if (!row) continue;
        const claim = { id: row.id, userId: row.userId, channel: row.channel, key: `${notice.key}|${row.id}`, payload: notice.payload };
        out.push({ claim, send: !ch.waits && !quiet });
      }
    }
    return out;
  });
  await Promise.all(claimed.filter((c) => c.send).map((c) => deliver(deps, c.claim)));
  return new Set(claimed.map((c) => c.claim.userId)).size;
}

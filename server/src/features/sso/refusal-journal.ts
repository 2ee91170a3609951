import { SSO_FAILURES, type SsoFailure } from "@planify/common/constants/sso";
import type { AppDeps } from "../../deps";
import { memoOf } from "../../lib/cache";
import { recordAdminAction } from "../../lib/journal";

// Every refused ENT sign-in also goes to the admin journal (« Connexion ENT refusée »), so the
// school sees them without the server log. Only the provider, the reason and the address are
// kept: never a ticket, code, token, assertion or secret (the caller passes none).

/** One entry per provider + reason + address in this window; the log keeps every refusal. */
export const REFUSAL_JOURNAL_WINDOW_MS = 60_000;
/** At most this many refusal entries per window in all, so a storm from many addresses cannot fill the journal. */
export const REFUSAL_JOURNAL_MAX_PER_WINDOW = 30;

/** Who the journal shows as the author of a refusal: no admin, the ENT sign-in itself. */
const SSO_ACTOR = { id: "connexion-ent", username: "Connexion ENT" };

/** Writes the journal entry of a refused ENT sign-in, unless the same one was written within the window. */
export async function journalRefusal(deps: AppDeps, providerId: string, failure: SsoFailure, ip: string): Promise<void> {
  const now = deps.now();
  const provider = providerId.slice(0, 40);
  const seen = memoOf<true>(deps, "sso-refusal-journal", { max: 2_000 });
  const key = `${provider} ${failure} ${ip}`;
  if (seen.peek(key, now)) return;
  const window = Math.floor(now / REFUSAL_JOURNAL_WINDOW_MS);
  const counts = memoOf<number>(deps, "sso-refusal-journal-count", { max: 4 });
  const written = counts.peek(String(window), now) ?? 0;
  if (written >= REFUSAL_JOURNAL_MAX_PER_WINDOW) return;
  const until = now + REFUSAL_JOURNAL_WINDOW_MS;
  seen.set(key, true, { from: now, until });
  counts.set(String(window), written + 1, { from: now, until: (window + 1) * REFUSAL_JOURNAL_WINDOW_MS });
  try {
    await recordAdminAction(deps.db, SSO_ACTOR, {
      action: "sso.refused",
      summary: `Connexion ENT refusée (${provider}, ${ip}) : ${SSO_FAILURES[failure]}`,
      details: { provider, reason: failure, reasonText: SSO_FAILURES[failure], ip },
      at: now,
    });
  } catch (error) {
    // The refusal page must still show (a full disk, a locked database): the log has the refusal.
    deps.log("warn", `journal de la connexion ENT refusée non écrit : ${(error as Error).message}`);
  }
}

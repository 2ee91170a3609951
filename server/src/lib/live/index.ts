// Live updates (issue 28): one Server-Sent Events stream per open app. Writers call publishLive
// in their transaction; features/live serves GET /api/live.
import { LIVE_RETENTION_MS } from "@planify/common/schemas/live";
import type { Engine } from "../../db/engine";
import { LiveHub, type LiveLog } from "./hub";
import { live } from "./registry";
import { LiveSource } from "./source";
import type { Listener } from "./audience";

export { announceProfile, publishLive, ledgerWritten } from "./publish";
export { listenerOf, taskAudience, type Audience, type ClassScope, type Listener } from "./audience";
export { replay } from "./replay";
export { SSE_HEADERS, sseMark } from "./sse";
export type { LiveHub } from "./hub";

/** This engine's hub, started on first use (call it outside any request: its reads must not join one's transaction). */
export function liveHubOf(engine: Engine, log: LiveLog): LiveHub {
  const found = live.get(engine);
  if (found) return found.hub;
  const hub = new LiveHub(engine, log);
  const source = new LiveSource(hub);
  live.set(engine, { hub, source });
  source.start().catch((error: unknown) => log("error", "live: the event source did not start", { error: String(error) }));
  return hub;
}

/** Opens a stream on this engine's hub once its source has caught up (features/live). */
export async function openStream(engine: Engine, who: Listener, recheck?: () => Promise<Listener | null>) {
  const found = live.get(engine);
  if (!found) throw new Error("live: no hub for this engine");
  await found.source.ready();
  return found.hub.open(who, recheck);
}

/** The node stops: streams end (clients resume elsewhere), new ones are refused, listening stops. */
export async function stopLive(engine: Engine): Promise<void> {
  const found = live.get(engine);
  if (!found) return;
  found.hub.stop();
  await found.source.stop();
}

/**
 * Removes events older than LIVE_RETENTION_MS (a stream resuming from one of them gets `reset`),
 * but never the newest: a stream opened in a quiet hour was given its id, and resumes from it.
 */
export async function sweepLiveEvents(engine: Engine, now: number): Promise<number> {
  return await engine.raw.run("DELETE FROM live_events WHERE at < ?1 AND id < (SELECT max(id) FROM live_events)", [
    now - LIVE_RETENTION_MS,
  ]);
}

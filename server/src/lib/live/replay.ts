import type { LiveHub, StoredEvent } from "./hub";
import { hears, type Audience } from "./audience";
import { sseMessage } from "./sse";
import type { LiveStream } from "./stream";

/** Events written this long before the last one a client saw are sent again (PostgreSQL may commit ids out of order; a repeat only refetches). */
const REPLAY_OVERLAP_MS = 2000;

/**
 * A stream that comes back after a drop (`after` = the last event id it saw) first gets what it
 * missed: the stored events it hears since then, and `coins` when its ledger moved meanwhile.
 * When that id is no longer kept (LIVE_RETENTION_MS) or unknown, `reset`: the app refetches
 * everything it shows.
 */
export async function replay(hub: LiveHub, stream: LiveStream, after: number): Promise<void> {
  const raw = hub.engine.raw;
  const mark = after === 0 ? { at: 0 } : await raw.get<{ at: number }>("SELECT at FROM live_events WHERE id = ?1", [after]);
  if (!mark) {
    stream.send(sseMessage(hub.lastId, "reset", {}));
    return;
  }
  const since = Number(mark.at) - REPLAY_OVERLAP_MS;
  const rows = await raw.all<StoredEvent>("SELECT id, at, audience, kind, data FROM live_events WHERE id > ?1 OR at >= ?2 ORDER BY id", [
    after,
    since,
  ]);
  for (const row of rows) {
    if (hears(JSON.parse(row.audience) as Audience, stream.who)) stream.send(sseMessage(Number(row.id), row.kind as never, row.data));
  }
  const moved = await raw.get("SELECT 1 AS moved FROM coin_ledger WHERE user_id = ?1 AND created_at >= ?2 LIMIT 1", [
    stream.who.userId,
    since,
  ]);
  if (moved) stream.send(sseMessage(hub.lastId, "coins", {}));
}

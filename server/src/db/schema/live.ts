import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Live-update events (lib/live): one row per change an open app should hear of, written in the
 * transaction of the change, so an event exists exactly when the change committed. Open streams
 * are sent the rows after the last id they saw; a stream that comes back after a drop resumes
 * from its `Last-Event-ID`. Rows live LIVE_RETENTION_MS, then a sweep removes them.
 */
export const liveEvents = sqliteTable(
  "live_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** When the change was made (ms). */
    at: integer("at").notNull(),
    /** Who hears it, as JSON (lib/live/audience.ts). */
    audience: text("audience").notNull(),
    /** One of LIVE_KINDS (common/schemas/live.ts). */
    kind: text("kind").notNull(),
    /** The event's `data:` as JSON (ids only, never the data itself). */
    data: text("data").notNull(),
  },
  (t) => [index("live_events_at_idx").on(t.at)],
);

import { index, pgTable, text } from "drizzle-orm/pg-core";
import { int } from "./columns";

/** Live-update events (see ../schema/live.ts). */
export const liveEvents = pgTable(
  "live_events",
  {
    id: int("id").primaryKey().generatedByDefaultAsIdentity(),
    at: int("at").notNull(),
    audience: text("audience").notNull(),
    kind: text("kind").notNull(),
    data: text("data").notNull(),
  },
  (t) => [index("live_events_at_idx").on(t.at)],
);

import { index, pgTable, text } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { users } from "./users";

/** Sign-ins, one row per session token (see ../schema/sessions.ts). */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: int("created_at").notNull(),
    lastSeenAt: int("last_seen_at").notNull(),
    expiresAt: int("expires_at").notNull(),
    device: text("device").notNull(),
    ip: text("ip").notNull(),
    method: text("method", { enum: ["password", "ent"] }).notNull(),
    revokedAt: int("revoked_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * Sign-ins (« Mes appareils »): one row per session token handed out. The token carries the
 * row's id (`sid`) and the auth plugin refuses it once `revokedAt` is set. What identifies the
 * device is kept summarised: the browser and system in French words, the address cut to its
 * network (/24, /48). Rows past `expiresAt` are purged by the daily job.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** ms since epoch. */
    createdAt: integer("created_at").notNull(),
    /** Last request seen with it (ms), written at most once per few minutes. */
    lastSeenAt: integer("last_seen_at").notNull(),
    /** The token's expiry (ms): the row is purged after it. */
    expiresAt: integer("expires_at").notNull(),
    /** « Chrome sur Android », « Application Planify (ordinateur) »… */
    device: text("device").notNull(),
    /** The client address cut to its network: 203.0.113.0/24, 2001:db8:1::/48. */
    ip: text("ip").notNull(),
    method: text("method", { enum: ["password", "ent"] }).notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

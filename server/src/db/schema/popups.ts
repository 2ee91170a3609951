import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** Announcement pop-ups, to everyone or to one user. */
export const popups = sqliteTable(
  "popups",
  {
    id: text("id").primaryKey(),
    html: text("html").notNull(),
    target: text("target", { enum: ["all", "user"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by"),
    /** Milliseconds since epoch, with a sequence to order pop-ups sent in the same ms. */
    createdAt: integer("created_at").notNull(),
    seq: integer("seq").notNull(),
  },
  (t) => [index("popups_target_idx").on(t.target, t.userId)],
);

export const popupAcks = sqliteTable(
  "popup_acks",
  {
    popupId: text("popup_id")
      .notNull()
      .references(() => popups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ackedAt: integer("acked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.popupId, t.userId] })],
);

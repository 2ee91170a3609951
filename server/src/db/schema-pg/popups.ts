import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { users } from "./users";

/** Announcement pop-ups (see ../schema/popups.ts). */
export const popups = pgTable(
  "popups",
  {
    id: text("id").primaryKey(),
    html: text("html").notNull(),
    target: text("target", { enum: ["all", "user"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdBy: text("created_by"),
    createdAt: int("created_at").notNull(),
    seq: int("seq").notNull(),
  },
  (t) => [index("popups_target_idx").on(t.target, t.userId)],
);

export const popupAcks = pgTable(
  "popup_acks",
  {
    popupId: text("popup_id")
      .notNull()
      .references(() => popups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ackedAt: int("acked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.popupId, t.userId] })],
);

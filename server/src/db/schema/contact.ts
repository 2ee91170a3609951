import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Messages from the contact form; listed to admins, mailed when SMTP is configured. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    promo: text("promo").notNull(),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    ip: text("ip").notNull(),
    createdAt: integer("created_at").notNull(),
    mailedAt: integer("mailed_at"),
  },
  (t) => [index("contact_ip_time_idx").on(t.ip, t.createdAt)],
);

import { index, pgTable, text } from "drizzle-orm/pg-core";
import { int } from "./columns";

/** Messages from the contact form (see ../schema/contact.ts). */
export const contactMessages = pgTable(
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
    createdAt: int("created_at").notNull(),
    mailedAt: int("mailed_at"),
  },
  (t) => [index("contact_ip_time_idx").on(t.ip, t.createdAt)],
);

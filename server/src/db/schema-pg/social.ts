import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { int } from "./columns";

/** The two factions and their season totals (see ../schema/social.ts). */
export const factions = pgTable(
  "factions",
  {
    name: text("name", { enum: ["Bagnat", "Fermier"] }).primaryKey(),
    totalCoins: int("total_coins").notNull().default(0),
    priceMultiplier: doublePrecision("price_multiplier").notNull().default(1),
    updatedAt: int("updated_at").notNull().default(0),
  },
  (t) => [check("factions_total_nonnegative", sql`${t.totalCoins} >= 0`)],
);

/** Seasons: one row per Paris calendar month. */
export const seasons = pgTable(
  "seasons",
  {
    month: text("month").primaryKey(),
    openedAt: int("opened_at").notNull(),
    closedAt: int("closed_at"),
    bagnatTotal: int("bagnat_total").notNull().default(0),
    fermierTotal: int("fermier_total").notNull().default(0),
    winner: text("winner"),
    podiums: jsonb("podiums").$type<Record<string, unknown[]>>().notNull().default({}),
  },
  (t) => [index("seasons_closed_idx").on(t.closedAt)],
);

/** Patch notes. */
export const patchNotes = pgTable(
  "patch_notes",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    version: text("version").notNull().default(""),
    html: text("html").notNull(),
    notify: boolean("notify").notNull().default(true),
    published: boolean("published").notNull().default(false),
    createdBy: text("created_by"),
    createdAt: int("created_at").notNull(),
    updatedAt: int("updated_at").notNull(),
    publishedAt: int("published_at"),
  },
  (t) => [index("patch_notes_published_idx").on(t.published, t.publishedAt)],
);

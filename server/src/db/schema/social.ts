import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The two factions and their totals for the running season. Member counts are not stored:
 * they are counted from users.faction on every read, so they cannot drift.
 */
export const factions = sqliteTable(
  "factions",
  {
    name: text("name", { enum: ["Bagnat", "Fermier"] }).primaryKey(),
    /** Coins brought to the faction this season; what a member brought stays when they leave. */
    totalCoins: integer("total_coins").notNull().default(0),
    /** Display multiplier per faction set by admins (priceByFaction). */
    priceMultiplier: real("price_multiplier").notNull().default(1),
    updatedAt: integer("updated_at").notNull().default(0),
  },
  (t) => [check("factions_total_nonnegative", sql`${t.totalCoins} >= 0`)],
);

/**
 * Seasons: one row per Paris calendar month. The open season has closedAt null; closing is a
 * conditional update on that null, so a season closes exactly once.
 */
export const seasons = sqliteTable(
  "seasons",
  {
    /** YYYY-MM, Paris time. */
    month: text("month").primaryKey(),
    openedAt: integer("opened_at").notNull(),
    closedAt: integer("closed_at"),
    bagnatTotal: integer("bagnat_total").notNull().default(0),
    fermierTotal: integer("fermier_total").notNull().default(0),
    /** Bagnat, Fermier, or null for a tie (or a season still open). */
    winner: text("winner"),
    /** Top 3 of each board when the season closed: { coins, tasks, Bagnat, Fermier }. */
    podiums: text("podiums", { mode: "json" }).$type<Record<string, unknown[]>>().notNull().default(sql`'{}'`),
  },
  (t) => [index("seasons_closed_idx").on(t.closedAt)],
);

/** Patch notes: admins see drafts; everyone else only published notes. */
export const patchNotes = sqliteTable(
  "patch_notes",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    version: text("version").notNull().default(""),
    /** Sanitised HTML. */
    html: text("html").notNull(),
    notify: integer("notify", { mode: "boolean" }).notNull().default(true),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** First publication time (ms); the About list and latest-meta order on it. */
    publishedAt: integer("published_at"),
  },
  (t) => [index("patch_notes_published_idx").on(t.published, t.publishedAt)],
);

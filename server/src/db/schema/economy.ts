import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * The coin ledger: one row per balance change. The sum of a user's
 * deltas equals their balances, which start at 0; rows of erased accounts belong to an
 * anonymous id that no account has.
 */
export const coinLedger = sqliteTable(
  "coin_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /**
     * No foreign key: an erased account's rows stay, re-pointed to an anonymous id
     * ("anonyme-…", features/privacy), so that every total still adds up.
     */
    userId: text("user_id").notNull(),
    coinsDelta: integer("coins_delta").notNull().default(0),
    leaderboardDelta: integer("leaderboard_delta").notNull().default(0),
    factionDelta: integer("faction_delta").notNull().default(0),
    /** purchase, wheel, milestone, admin-set, code, demo, … */
    reason: text("reason").notNull(),
    /** What the change is about (item id, spin id, code id, threshold…). */
    reference: text("reference"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("coin_ledger_user_idx").on(t.userId, t.id)],
);

/**
 * Owned items and colours: one row per user and legacy item id (0–28 items, 100+ colours,
 * colorId set for colours). Item 0 is implicit: always owned, never stored.
 */
export const userItems = sqliteTable(
  "user_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: integer("item_id").notNull(),
    colorId: text("color_id"),
    /** purchase, gift, wheel, code, reward, demo. */
    source: text("source").notNull(),
    adminMessage: text("admin_message"),
    /** false: an unseen gift for the received-item popup. */
    adminGiftRead: integer("admin_gift_read", { mode: "boolean" }).notNull().default(true),
    acquiredAt: integer("acquired_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** Per-user wheel and style state. A missing row means the defaults. */
export const userEconomy = sqliteTable(
  "user_economy",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lossStreak: integer("loss_streak").notNull().default(0),
    discordVariant: integer("discord_variant").notNull().default(0),
    jojoVariant: integer("jojo_variant").notNull().default(0),
  },
  (t) => [
    check("user_economy_streak_range", sql`${t.lossStreak} BETWEEN 0 AND 2`),
    check("user_economy_variants_range", sql`${t.discordVariant} BETWEEN 0 AND 2 AND ${t.jojoVariant} BETWEEN 0 AND 1`),
  ],
);

/**
 * Wheel spins. The partial unique index makes "one spin per Paris day" a database rule:
 * a concurrent second insert fails. Admin test spins (test = 1) are outside it.
 */
export const wheelSpins = sqliteTable(
  "wheel_spins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parisDay: text("paris_day").notNull(),
    test: integer("test", { mode: "boolean" }).notNull().default(false),
    segment: text("segment").notNull().default(""),
    coinsWon: integer("coins_won").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("wheel_spins_one_per_day").on(t.userId, t.parisDay).where(sql`${t.test} = 0`),
    index("wheel_spins_user_idx").on(t.userId, t.id),
  ],
);

/** The daily shop of one Paris day, stored at the first request of the day. */
export const dailyShops = sqliteTable("daily_shops", {
  parisDay: text("paris_day").primaryKey(),
  itemIds: text("item_ids", { mode: "json" }).$type<number[]>().notNull(),
  colorIds: text("color_ids", { mode: "json" }).$type<string[]>().notNull(),
  rerolls: integer("rerolls").notNull().default(0),
  createdAt: integer("created_at").notNull(),
});

/** Task milestones already paid (once per threshold ever). */
export const taskMilestones = sqliteTable(
  "task_milestones",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threshold: integer("threshold").notNull(),
    paidAt: integer("paid_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threshold] })],
);

/** Stored answers of purchase, spin and redeem per Idempotency-Key (a retry answers the first result). */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    route: text("route").notNull(),
    key: text("key").notNull(),
    response: text("response", { mode: "json" }).$type<unknown>().notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] })],
);

/** Reward codes; usedCount never passes maxUses (conditional update plus CHECK). */
export const redeemCodes = sqliteTable(
  "redeem_codes",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull().unique(),
    rewardType: text("reward_type", { enum: ["item", "border-color"] }).notNull(),
    items: text("items", { mode: "json" }).$type<number[]>().notNull(),
    colors: text("colors", { mode: "json" }).$type<string[]>().notNull(),
    maxUses: integer("max_uses").notNull(),
    usedCount: integer("used_count").notNull().default(0),
    /** ms since epoch, null: never expires. */
    expiresAt: integer("expires_at"),
    createdBy: text("created_by"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [check("redeem_codes_uses_range", sql`${t.usedCount} >= 0 AND ${t.usedCount} <= ${t.maxUses}`)],
);

/** One use of a code per user. */
export const redeemCodeUses = sqliteTable(
  "redeem_code_uses",
  {
    codeId: text("code_id")
      .notNull()
      .references(() => redeemCodes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: integer("used_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] })],
);

/**
 * Prestige (item 27) grants, kept apart from users so that "the first 10 student-side
 * accounts ever created" still counts accounts deleted since (no foreign key on purpose).
 */
export const prestigeGrants = sqliteTable("prestige_grants", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  userId: text("user_id").notNull().unique(),
  grantedAt: integer("granted_at").notNull(),
});

/** Shop favourites: the items a user marked with a heart (legacy item ids, as the original client sends them). */
export const shopFavorites = sqliteTable(
  "shop_favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: integer("item_id").notNull(),
    /** UTC ms. */
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

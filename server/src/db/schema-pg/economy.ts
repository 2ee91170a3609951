import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { users } from "./users";

/** The coin ledger (see ../schema/economy.ts): no foreign key on user_id, on purpose. */
export const coinLedger = pgTable(
  "coin_ledger",
  {
    id: int("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: text("user_id").notNull(),
    coinsDelta: int("coins_delta").notNull().default(0),
    leaderboardDelta: int("leaderboard_delta").notNull().default(0),
    factionDelta: int("faction_delta").notNull().default(0),
    reason: text("reason").notNull(),
    reference: text("reference"),
    createdAt: int("created_at").notNull(),
  },
  (t) => [index("coin_ledger_user_idx").on(t.userId, t.id)],
);

/** Owned items and colours. */
export const userItems = pgTable(
  "user_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: int("item_id").notNull(),
    colorId: text("color_id"),
    source: text("source").notNull(),
    adminMessage: text("admin_message"),
    adminGiftRead: boolean("admin_gift_read").notNull().default(true),
    acquiredAt: int("acquired_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** Per-user wheel and style state. */
export const userEconomy = pgTable(
  "user_economy",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lossStreak: int("loss_streak").notNull().default(0),
    discordVariant: int("discord_variant").notNull().default(0),
    jojoVariant: int("jojo_variant").notNull().default(0),
  },
  (t) => [
    check("user_economy_streak_range", sql`${t.lossStreak} BETWEEN 0 AND 2`),
    check("user_economy_variants_range", sql`${t.discordVariant} BETWEEN 0 AND 2 AND ${t.jojoVariant} BETWEEN 0 AND 1`),
  ],
);

/** Wheel spins: one a Paris day outside admin test spins (partial unique index). */
export const wheelSpins = pgTable(
  "wheel_spins",
  {
    id: int("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parisDay: text("paris_day").notNull(),
    test: boolean("test").notNull().default(false),
    segment: text("segment").notNull().default(""),
    coinsWon: int("coins_won").notNull().default(0),
    createdAt: int("created_at").notNull(),
  },
  (t) => [
    // SQLite's `test = 0`: a boolean here.
    uniqueIndex("wheel_spins_one_per_day").on(t.userId, t.parisDay).where(sql`${t.test} = false`),
    index("wheel_spins_user_idx").on(t.userId, t.id),
  ],
);

/** The daily shop of one Paris day. */
export const dailyShops = pgTable("daily_shops", {
  parisDay: text("paris_day").primaryKey(),
  itemIds: jsonb("item_ids").$type<number[]>().notNull(),
  colorIds: jsonb("color_ids").$type<string[]>().notNull(),
  rerolls: int("rerolls").notNull().default(0),
  createdAt: int("created_at").notNull(),
});

/** Task milestones already paid. */
export const taskMilestones = pgTable(
  "task_milestones",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threshold: int("threshold").notNull(),
    paidAt: int("paid_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threshold] })],
);

/** Stored answers per Idempotency-Key. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    route: text("route").notNull(),
    key: text("key").notNull(),
    response: jsonb("response").$type<unknown>().notNull(),
    createdAt: int("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] })],
);

/** Reward codes; usedCount never passes maxUses. */
export const redeemCodes = pgTable(
  "redeem_codes",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull().unique(),
    rewardType: text("reward_type", { enum: ["item", "border-color"] }).notNull(),
    items: jsonb("items").$type<number[]>().notNull(),
    colors: jsonb("colors").$type<string[]>().notNull(),
    maxUses: int("max_uses").notNull(),
    usedCount: int("used_count").notNull().default(0),
    expiresAt: int("expires_at"),
    createdBy: text("created_by"),
    createdAt: int("created_at").notNull(),
  },
  (t) => [check("redeem_codes_uses_range", sql`${t.usedCount} >= 0 AND ${t.usedCount} <= ${t.maxUses}`)],
);

/** One use of a code per user. */
export const redeemCodeUses = pgTable(
  "redeem_code_uses",
  {
    codeId: text("code_id")
      .notNull()
      .references(() => redeemCodes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: int("used_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] })],
);

/** Prestige grants (no foreign key on purpose). */
export const prestigeGrants = pgTable("prestige_grants", {
  seq: int("seq").primaryKey().generatedByDefaultAsIdentity(),
  userId: text("user_id").notNull().unique(),
  grantedAt: int("granted_at").notNull(),
});

export const shopFavorites = pgTable(
  "shop_favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: int("item_id").notNull(),
    createdAt: int("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

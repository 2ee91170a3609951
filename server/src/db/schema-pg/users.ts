import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { int } from "./columns";

/** Accounts (see ../schema/users.ts). */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull(),
    usernameKey: text("username_key").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["admin", "prof", "delegue", "eleve"] }).notNull(),
    tokenVersion: int("token_version").notNull().default(1),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    year: text("year").notNull().default(""),
    groupe: text("groupe").notNull().default("Promo"),
    specialite: text("specialite").notNull().default(""),
    faction: text("faction"),
    equippedItemId: int("equipped_item_id"),
    selectedBorderColor: text("selected_border_color").notNull().default("default"),
    avatar: text("avatar"),
    avatarVersion: int("avatar_version").notNull().default(0),
    avatarUpdatedAt: text("avatar_updated_at"),
    avatarCrop: jsonb("avatar_crop").$type<{ xPercent: number; yPercent: number; scale: number }>(),
    publicNote: text("public_note").notNull().default(""),
    musicSrc: text("music_src"),
    musicTitle: text("music_title"),
    musicStartSeconds: int("music_start_seconds").notNull().default(0),
    musicDurationSeconds: int("music_duration_seconds").notNull().default(0),
    theme: text("theme").notNull().default("light"),
    darkBrightness: int("dark_brightness").notNull().default(100),
    darkContrast: int("dark_contrast").notNull().default(95),
    dynamicItemVariants: jsonb("dynamic_item_variants").$type<Record<string, number>>().notNull().default({}),
    completedTasks: int("completed_tasks").notNull().default(0),
    coins: int("coins").notNull().default(0),
    leaderboardCoins: int("leaderboard_coins").notNull().default(0),
    factionCoins: int("faction_coins").notNull().default(0),
    leaderboardEnabled: boolean("leaderboard_enabled").notNull().default(true),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    profilePending: boolean("profile_pending").notNull().default(false),
    proposalsBlocked: boolean("proposals_blocked").notNull().default(false),
    erasureRequestedAt: text("erasure_requested_at"),
    deactivatedAt: text("deactivated_at"),
    eraseAfter: text("erase_after"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("users_role_idx").on(t.role),
    index("users_year_group_idx").on(t.year, t.groupe),
    check("users_balances_nonnegative", sql`${t.coins} >= 0 AND ${t.leaderboardCoins} >= 0 AND ${t.factionCoins} >= 0`),
  ],
);

/** Up to 3 secret questions per user. */
export const secretQuestions = pgTable(
  "secret_questions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: int("position").notNull(),
    question: text("question").notNull(),
    answerHash: text("answer_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.position] })],
);

/** Failed logins and recovery attempts, for throttling. */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: int("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    at: int("at").notNull(),
  },
  (t) => [index("auth_attempts_lookup_idx").on(t.kind, t.key, t.at)],
);

/** Single-use password-reset grants. */
export const resetGrants = pgTable("reset_grants", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: int("expires_at").notNull(),
  usedAt: int("used_at"),
});

import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Accounts. Balances live here; every balance change goes through the coin ledger. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull(),
    /** Normalised username (trimmed, inner spaces collapsed, lower case): unique. */
    usernameKey: text("username_key").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["admin", "prof", "delegue", "eleve"] }).notNull(),
    /** Bumped on password change: older tokens stop working. */
    tokenVersion: integer("token_version").notNull().default(1),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    year: text("year").notNull().default(""),
    groupe: text("groupe").notNull().default("Promo"),
    specialite: text("specialite").notNull().default(""),
    faction: text("faction"),
    equippedItemId: integer("equipped_item_id"),
    selectedBorderColor: text("selected_border_color").notNull().default("default"),
    avatar: text("avatar"),
    avatarVersion: integer("avatar_version").notNull().default(0),
    avatarUpdatedAt: text("avatar_updated_at"),
    avatarCrop: text("avatar_crop", { mode: "json" }).$type<{ xPercent: number; yPercent: number; scale: number }>(),
    publicNote: text("public_note").notNull().default(""),
    musicSrc: text("music_src"),
    musicTitle: text("music_title"),
    musicStartSeconds: integer("music_start_seconds").notNull().default(0),
    musicDurationSeconds: integer("music_duration_seconds").notNull().default(0),
    theme: text("theme").notNull().default("light"),
    /** Dark theme tuning in percent. */
    darkBrightness: integer("dark_brightness").notNull().default(100),
    darkContrast: integer("dark_contrast").notNull().default(95),
    dynamicItemVariants: text("dynamic_item_variants", { mode: "json" }).$type<Record<string, number>>().notNull().default(sql`'{}'`),
    completedTasks: integer("completed_tasks").notNull().default(0),
    coins: integer("coins").notNull().default(0),
    leaderboardCoins: integer("leaderboard_coins").notNull().default(0),
    factionCoins: integer("faction_coins").notNull().default(0),
    leaderboardEnabled: integer("leaderboard_enabled", { mode: "boolean" }).notNull().default(true),
    /** Set on imported accounts: every call but choosing a password is refused until it is chosen. */
    mustChangePassword: integer("must_change_password", { mode: "boolean" }).notNull().default(false),
    /** true: created at its first ENT sign-in with no year or group known; the student picks them (first-sign-in form). */
    profilePending: integer("profile_pending", { mode: "boolean" }).notNull().default(false),
    /** true: an admin stopped this account from proposing tasks (its pending proposals leave the feeds). */
    proposalsBlocked: integer("proposals_blocked", { mode: "boolean" }).notNull().default(false),
    /** ISO instant the person asked for the erasure of their account (admins act on it); null: never. */
    erasureRequestedAt: text("erasure_requested_at"),
    /** ISO instant the account was deactivated (a graduate after the rollover); null: active. */
    deactivatedAt: text("deactivated_at"),
    /** ISO instant after which the deactivated account is erased; null: never. */
    eraseAfter: text("erase_after"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("users_role_idx").on(t.role),
    index("users_year_group_idx").on(t.year, t.groupe),
    // Balances never go below zero: the database backs the ledger's conditional updates.
    check("users_balances_nonnegative", sql`${t.coins} >= 0 AND ${t.leaderboardCoins} >= 0 AND ${t.factionCoins} >= 0`),
  ],
);

/** Up to 3 secret questions per user; answers are argon2id hashes of the normalised text. */
export const secretQuestions = sqliteTable(
  "secret_questions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    question: text("question").notNull(),
    answerHash: text("answer_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.position] })],
);

/** Failed logins and recovery attempts, for throttling (kind: login-user, login-ip, verify). */
export const authAttempts = sqliteTable(
  "auth_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("auth_attempts_lookup_idx").on(t.kind, t.key, t.at)],
);

/** Single-use password-reset grants handed out by a successful verify. */
export const resetGrants = sqliteTable("reset_grants", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
});

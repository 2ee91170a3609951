import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * A user's three daily quests of one Paris day (slots 0–2), drawn at their first read of the day.
 * `doneAt` is set once, by a compare-and-set in the transaction that pays the quest's coins
 * through the ledger: a quest pays once per user and day, however many tabs report it.
 */
export const dailyQuests = sqliteTable(
  "daily_quests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parisDay: text("paris_day").notNull(),
    slot: integer("slot").notNull(),
    questId: text("quest_id").notNull(),
    /** UTC ms; null: not done yet. */
    doneAt: integer("done_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.parisDay, t.slot] }),
    uniqueIndex("daily_quests_one_per_day").on(t.userId, t.parisDay, t.questId),
  ],
);

/** Per user and Paris day: the re-roll used (its slot), the bonus paid, the leaderboard quest's target. */
export const dailyQuestDays = sqliteTable(
  "daily_quest_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parisDay: text("paris_day").notNull(),
    rerollSlot: integer("reroll_slot"),
    /** UTC ms the all-three bonus was paid; null: not yet. */
    bonusPaidAt: integer("bonus_paid_at"),
    /** The leaderboard profile the « leaderboard-profile » quest asks to open ("" when none). */
    targetName: text("target_name").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.userId, t.parisDay] })],
);

/**
 * Progress counters of quests and achievements (official tasks checked, wheel spins and losses,
 * daily quests done, repeatables paid, proposals made, task details opened…): one row per user and counter.
 */
export const questCounters = sqliteTable(
  "quest_counters",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    counter: text("counter").notNull(),
    value: integer("value").notNull().default(0),
    /** Paris day of the last change, for counters read per day (week-end spins). */
    parisDay: text("paris_day"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.counter] })],
);

/** Achievements unlocked, once each per user. */
export const userAchievements = sqliteTable(
  "user_achievements",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    achievementId: text("achievement_id").notNull(),
    /** UTC ms. */
    unlockedAt: integer("unlocked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] }), index("user_achievements_user_idx").on(t.userId, t.unlockedAt)],
);

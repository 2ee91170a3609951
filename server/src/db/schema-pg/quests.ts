import { index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { int } from "./columns";
import { users } from "./users";

// Daily quests, their days, progress counters and achievements (see ../schema/quests.ts).

export const dailyQuests = pgTable(
  "daily_quests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parisDay: text("paris_day").notNull(),
    slot: int("slot").notNull(),
    questId: text("quest_id").notNull(),
    doneAt: int("done_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.parisDay, t.slot] }),
    uniqueIndex("daily_quests_one_per_day").on(t.userId, t.parisDay, t.questId),
  ],
);

export const dailyQuestDays = pgTable(
  "daily_quest_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parisDay: text("paris_day").notNull(),
    rerollSlot: int("reroll_slot"),
    bonusPaidAt: int("bonus_paid_at"),
    targetName: text("target_name").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.userId, t.parisDay] })],
);

export const questCounters = pgTable(
  "quest_counters",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    counter: text("counter").notNull(),
    value: int("value").notNull().default(0),
    parisDay: text("paris_day"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.counter] })],
);

export const userAchievements = pgTable(
  "user_achievements",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    achievementId: text("achievement_id").notNull(),
    unlockedAt: int("unlocked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] }), index("user_achievements_user_idx").on(t.userId, t.unlockedAt)],
);

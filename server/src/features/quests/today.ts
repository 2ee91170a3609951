import { and, asc, eq, ne, sql } from "drizzle-orm";
import { DAILY_QUEST_COUNT, DAILY_QUESTS, type DailyQuestDef } from "@planify/common/constants/quests";
import { addDays, isParisWeekend, parisDate } from "@planify/common/time/paris-time";
import type { DailyQuestsResponse } from "@planify/common/schemas/quests";
import type { AppDeps } from "../../deps";
import { dailyQuestDays, dailyQuests, users, wheelSpins } from "../../db/schema";
import type { DbOrTx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { RANKED } from "../../lib/ranked";
import { DAILY_BY_ID, type RandomInt } from "./model";

/** What quests need of the task list, given by app.ts (tasks depends on quests, not the reverse). */
export interface QuestTasks {
  /** Whether the user's list holds a class homework still to do (« Plus d’infos » is drawn only then). */
  hasTodo(deps: AppDeps, user: UserRow): Promise<boolean>;
  /** Whether the user may see this task (the proof of « Plus d’infos »). */
  canSee(deps: AppDeps, user: UserRow, taskId: string): Promise<boolean>;
}

export interface TodayQuest {
  slot: number;
  questId: string;
  doneAt: number | null;
}
export interface Today {
  day: string;
  quests: TodayQuest[];
  rerollSlot: number | null;
  bonusPaidAt: number | null;
  targetName: string;
}

/** A user's quests of one Paris day as stored (no draw). */
export async function readToday(db: DbOrTx, userId: string, day: string): Promise<Today> {
  const quests = await db
    .select({ slot: dailyQuests.slot, questId: dailyQuests.questId, doneAt: dailyQuests.doneAt })
    .from(dailyQuests)
    .where(and(eq(dailyQuests.userId, userId), eq(dailyQuests.parisDay, day)))
    .orderBy(asc(dailyQuests.slot));
  const meta = await first(
    db
      .select()
      .from(dailyQuestDays)
      .where(and(eq(dailyQuestDays.userId, userId), eq(dailyQuestDays.parisDay, day))),
  );
  return {
    day,
    quests: quests.map((q) => ({ ...q, doneAt: q.doneAt === null ? null : Number(q.doneAt) })),
    rerollSlot: meta?.rerollSlot ?? null,
    bonusPaidAt: meta?.bonusPaidAt === null || meta?.bonusPaidAt === undefined ? null : Number(meta.bonusPaidAt),
    targetName: meta?.targetName ?? "",
  };
}

/** Whether the user spun the wheel this Paris day (an admin's test spin aside). */
export async function spunOn(db: DbOrTx, userId: string, day: string): Promise<boolean> {
  const row = await first(
    db
      .select({ id: wheelSpins.id })
      .from(wheelSpins)
      .where(and(eq(wheelSpins.userId, userId), eq(wheelSpins.parisDay, day), eq(wheelSpins.test, false))),
  );
  return !!row;
}

export interface PoolContext {
  weekend: boolean;
  spun: boolean;
  hasTodo: boolean;
  /** Someone else is on the leaderboard (else its quest could not be done). */
  hasOthers: boolean;
}

/** What today's draw depends on: the week-end, today's spin, an unchecked homework in the user's list, a leaderboard to look at. */
export async function poolContext(deps: AppDeps, tasks: QuestTasks, user: UserRow): Promise<PoolContext> {
  const now = deps.now();
  return {
    weekend: isParisWeekend(now),
    spun: await spunOn(deps.db, user.id, parisDate(now)),
    hasTodo: await tasks.hasTodo(deps, user),
    hasOthers: (await pickTarget(deps.db, user.id)) !== "",
  };
}

/**
 * The original's poolForUser: no week-end quest on a week-day, no wheel quest once spun,
 * « Plus d’infos » only with a homework to do; and no leaderboard quest with nobody to look at.
 */
export function poolFor(ctx: PoolContext): DailyQuestDef[] {
  return DAILY_QUESTS.filter((q) => {
    if (q.id === "wheel-weekend") return ctx.weekend && !ctx.spun;
    if (q.id === "wheel-1") return !ctx.spun;
    if (q.id === "task-info-1") return ctx.hasTodo;
    if (q.id === "leaderboard-profile") return ctx.hasOthers;
    return true;
  });
}

/** One quest of the pool not among `exclude` (the whole list when the pool has none left). */
export function pickQuest(pool: readonly DailyQuestDef[], exclude: ReadonlySet<string>, random: RandomInt): DailyQuestDef {
  let candidates = pool.filter((q) => !exclude.has(q.id));
  if (!candidates.length) candidates = DAILY_QUESTS.filter((q) => !exclude.has(q.id));
  return candidates[random(candidates.length)]!;
}

/** A random ranked user other than `userId`, for the leaderboard quest ("" when alone). */
export async function pickTarget(db: DbOrTx, userId: string): Promise<string> {
  const row = await first(
    db
      .select({ username: users.username })
      .from(users)
      .where(and(RANKED, ne(users.id, userId)))
      .orderBy(sql`random()`),
  );
  return row?.username ?? "";
}

/**
 * Today's three quests, drawn at the user's first read of the Paris day. Concurrent first reads
 * both insert-or-ignore: the (user, day, slot) key keeps the first draw, and both read it back.
 */
export async function ensureToday(deps: AppDeps, tasks: QuestTasks, user: UserRow, random: RandomInt): Promise<Today> {
  const day = parisDate(deps.now());
  let today = await readToday(deps.db, user.id, day);
  if (today.quests.length < DAILY_QUEST_COUNT) {
    const pool = poolFor(await poolContext(deps, tasks, user));
    const taken = new Set(today.quests.map((q) => q.questId));
    const slots = new Set(today.quests.map((q) => q.slot));
    const rows: { userId: string; parisDay: string; slot: number; questId: string }[] = [];
    for (let slot = 0; slot < DAILY_QUEST_COUNT; slot++) {
      if (slots.has(slot)) continue;
      const quest = pickQuest(pool, taken, random);
      taken.add(quest.id);
      rows.push({ userId: user.id, parisDay: day, slot, questId: quest.id });
    }
    await deps.db.transaction(async (tx) => {
      await tx.insert(dailyQuestDays).values({ userId: user.id, parisDay: day }).onConflictDoNothing();
      await tx.insert(dailyQuests).values(rows).onConflictDoNothing();
    });
    today = await readToday(deps.db, user.id, day);
  }
  if (today.quests.some((q) => q.questId === "leaderboard-profile") && !today.targetName) {
    const target = await pickTarget(deps.db, user.id);
    if (target) {
      // The first target written stays (two tabs drawing at once agree on one).
      await deps.db
        .update(dailyQuestDays)
        .set({ targetName: target })
        .where(and(eq(dailyQuestDays.userId, user.id), eq(dailyQuestDays.parisDay, day), eq(dailyQuestDays.targetName, "")));
      today = await readToday(deps.db, user.id, day);
    }
  }
  return today;
}

/** The original's answer of GET /quests/daily (and of a re-roll). */
export function presentToday(today: Today): DailyQuestsResponse {
  const expiresYmd = addDays(today.day, 1);
  return {
    dailyQuests: today.quests.map((q) => {
      const def = DAILY_BY_ID.get(q.questId);
      return {
        id: q.questId,
        title: def?.title ?? q.questId,
        reward: def?.reward ?? 0,
        actions: def?.actions ?? 1,
        durationDays: def?.durationDays ?? 1,
        done: q.doneAt !== null,
        createdYmd: today.day,
        expiresYmd,
      };
    }),
    meta: {
      lastResetYmd: today.day,
      bonusAwardedYmd: today.bonusPaidAt !== null ? today.day : null,
      rerollUsed: today.rerollSlot !== null,
      rerollIndex: today.rerollSlot ?? -1,
      targetLeaderboardName: today.targetName,
    },
  };
}

import { eq } from "drizzle-orm";
import {
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_MESSAGES,
  CALENDAR_REFRESH_MINUTES,
  CALENDAR_SECRET_LENGTH,
  calendarFeedPath,
} from "@planify/common/constants/calendar";
import { TASK_DEFAULT_DURATION_MIN } from "@planify/common/constants/tasks";
import { PERSONAL_LABEL } from "@planify/common/constants/personal-tasks";
import { HAND_IN_MESSAGES } from "@planify/common/constants/hand-ins";
import type { TaskDto } from "@planify/common/schemas/tasks";
import type { AppDeps } from "../../deps";
import { calendarFeeds, users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { randomFromAlphabet } from "../../lib/ids";
import { htmlText } from "../../lib/sanitize";
import type { UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { listTasksFrom } from "../tasks";
import { writeCalendar, type IcsEvent } from "./ics";

const SECRET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const SECRET_SHAPE = new RegExp(`^[A-Za-z0-9]{${CALENDAR_SECRET_LENGTH}}$`);
const DAY_MS = 86_400_000;

export interface FeedAddress {
  url: string;
  webcalUrl: string;
}

/** Absolute addresses of a secret: the configured public address first, else the request's own origin. */
function addressOf(deps: AppDeps, origin: string, secret: string): FeedAddress {
  const base = (deps.settings.publicUrl ?? origin).replace(/\/+$/, "");
  const url = `${base}${calendarFeedPath(secret)}`;
  return { url, webcalUrl: url.replace(/^https?:/, "webcal:") };
}

const newSecret = () => randomFromAlphabet(SECRET_ALPHABET, CALENDAR_SECRET_LENGTH);

/** The caller's feed address, created on first use. */
export async function feedAddress(deps: AppDeps, user: UserRow, origin: string): Promise<FeedAddress> {
  const existing = await first(deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id)));
  if (existing) return addressOf(deps, origin, existing.secret);
  const secret = newSecret();
  await deps.db.insert(calendarFeeds).values({ userId: user.id, secret, createdAt: deps.now() }).onConflictDoNothing();
  // A concurrent first read may have won: answer whatever is stored.
  const stored = (await first(deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id))))!;
  return addressOf(deps, origin, stored.secret);
}

/** Replaces the caller's secret: the old address answers 404 from now on. */
export async function regenerateFeed(deps: AppDeps, user: UserRow, origin: string): Promise<FeedAddress> {
  const secret = newSecret();
  await deps.db
    .insert(calendarFeeds)
    .values({ userId: user.id, secret, createdAt: deps.now() })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secret, createdAt: deps.now() } });
  return addressOf(deps, origin, secret);
}

/** Plain text of a task's rich description: blocks become lines, entities are decoded. */
export function descriptionText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|h[1-6]|blockquote)>/gi, "\n");
  return htmlText(withBreaks)
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * One task as a calendar event: exams last their duration, homework is a point at its deadline
 * (the student's own when a teacher extended it: the list's date and time are theirs). A task
 * the student is exempt from stays, marked « (dispensé) ».
 */
function toEvent(task: TaskDto, origin: string): IcsEvent {
  const exam = task.type === "exam";
  const label = task.personal ? PERSONAL_LABEL : exam ? "Examen" : "À rendre";
  const link = `${origin}/devoirs?tache=${encodeURIComponent(task.id)}`;
  const text = descriptionText(task.description);
  return {
    uid: `${task.id}@planify`,
    stamp: Date.parse(task.updatedAt) || Date.parse(task.createdAt) || 0,
    date: task.date,
    time: task.heure,
    durationMinutes: exam ? (task.durationMinutes ?? TASK_DEFAULT_DURATION_MIN) : 0,
    summary: `${task.checked ? "✓ " : ""}${label} · ${task.matiere ? `${task.matiere} : ` : ""}${task.titre}${task.handIn?.exempt ? ` ${HAND_IN_MESSAGES.calendarExempt}` : ""}`,
    description: [text, `Ouvrir dans Planify : ${link}`].filter(Boolean).join("\n\n"),
    categories: [task.personal ? PERSONAL_LABEL : exam ? "Examen" : "Devoir", task.matiere].filter(Boolean),
    url: link,
  };
}

/**
 * The iCalendar body behind a secret: every task its owner sees (not hidden), their own
 * personal tasks included (the feed is theirs alone: its secret is the only key), from
 * CALENDAR_FEED_PAST_DAYS ago on. An unknown or replaced secret is a 404.
 */
export async function feedBody(deps: AppDeps, secret: string, origin: string): Promise<string> {
  if (!SECRET_SHAPE.test(secret)) throw notFound(CALENDAR_MESSAGES.notFound);
  const row = await first(
    deps.db
      .select({ user: users })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(eq(calendarFeeds.secret, secret)),
  );
  if (!row) throw notFound(CALENDAR_MESSAGES.notFound);
  const from = deps.now() - CALENDAR_FEED_PAST_DAYS * DAY_MS;
  const base = (deps.settings.publicUrl ?? origin).replace(/\/+$/, "");
  const events = (await listTasksFrom(deps, row.user, from)).filter((t) => !t.hidden).map((t) => toEvent(t, base));
  return writeCalendar(`Planify – ${row.user.username}`, CALENDAR_REFRESH_MINUTES, events);
}

import { eq } from "drizzle-orm";
import { PUBLIC_NOTE_MAX, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import { DARK_BRIGHTNESS_DEFAULT, DARK_CONTRAST_DEFAULT, type Theme } from "@planify/common/constants/school";
import type { ThemeBody } from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { isRanked } from "../../lib/ranked";
import { announceProfile } from "../../lib/live";

const stamp = (deps: AppDeps) => new Date(deps.now()).toISOString();

/** Messages of the leaderboard toggle: what the caller's choice does for their role. */
const TOGGLE_MESSAGES = {
  on: "Tu participes au classement.",
  off: "Tu ne participes plus au classement.",
  student: "Les étudiants et les délégués figurent toujours au classement.",
  admin: "Les administrateurs ne figurent jamais au classement.",
} as const;

/**
 * PUT /users/me/leaderboard. Only professors choose (they opt in); students and delegates
 * are always ranked and admins never, so for them the call changes nothing and says why.
 */
export async function setLeaderboardEnabled(deps: AppDeps, caller: UserRow, enabled: boolean) {
  let message: string;
  let effective: boolean;
  if (caller.role === "prof") {
    await deps.db
      .update(users)
      .set({ leaderboardEnabled: enabled, updatedAt: stamp(deps) })
      .where(eq(users.id, caller.id));
    effective = enabled;
    message = enabled ? TOGGLE_MESSAGES.on : TOGGLE_MESSAGES.off;
  } else {
    effective = isRanked(caller);
    message = caller.role === "admin" ? TOGGLE_MESSAGES.admin : TOGGLE_MESSAGES.student;
  }
  return {
    success: true as const,
    message,
    leaderboardEnabled: effective,
    user: { id: caller.id, _id: caller.id, leaderboardEnabled: effective },
  };
}

/** PUT /users/me/theme: the theme and, when given, the dark-theme tuning (kept otherwise). */
export async function saveTheme(deps: AppDeps, caller: UserRow, body: ThemeBody) {
  const darkBrightness = body.darkBrightness ?? caller.darkBrightness ?? DARK_BRIGHTNESS_DEFAULT;
  const darkContrast = body.darkContrast ?? caller.darkContrast ?? DARK_CONTRAST_DEFAULT;
  await deps.db
    .update(users)
    .set({ theme: body.theme, darkBrightness, darkContrast, updatedAt: stamp(deps) })
    .where(eq(users.id, caller.id));
  return { success: true as const, theme: body.theme as Theme, darkBrightness, darkContrast };
}

/**
 * The note as stored: control characters out, trimmed, then cut to PUBLIC_NOTE_MAX
 * characters (code points, so an emoji is never split in half). Stored as plain text; the
 * web renders it as text, never as HTML.
 */
export function cleanPublicNote(raw: string): string {
  // Controls and bidi overrides out (they can disguise a note); emoji joiners stay.
  const flat = raw
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return [...flat].slice(0, PUBLIC_NOTE_MAX).join("").trim();
}

/** PUT /users/me/public-note. */
export async function savePublicNote(deps: AppDeps, caller: UserRow, raw: string) {
  const publicNote = cleanPublicNote(raw);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ publicNote, updatedAt: stamp(deps) })
      .where(eq(users.id, caller.id));
    // Whoever has this profile open sees the note change.
    await announceProfile(tx, deps.now(), caller.id);
  });
  return { success: true as const, message: SOCIAL_MESSAGES.noteSaved, publicNote };
}

import { and, eq, inArray, or } from "drizzle-orm";
import { users } from "../db/schema";

/**
 * Who is ranked on every board (coins, tasks, factions): students and delegates always;
 * professors only when they opted in; admins never. Decided by role: the flag only
 * counts for professors.
 */
export const RANKED = or(inArray(users.role, ["eleve", "delegue"]), and(eq(users.role, "prof"), eq(users.leaderboardEnabled, true)));

/** Whether this user appears on the boards. */
export function isRanked(u: { role: string; leaderboardEnabled: boolean }): boolean {
  return u.role === "eleve" || u.role === "delegue" || (u.role === "prof" && u.leaderboardEnabled);
}

import { normaliseRole, type RoleInput } from "@planify/common/constants/roles";
import type { Faction } from "@planify/common/constants/school";
import { formatHoursMinutes } from "../time-format";
import { roleLabel } from "../user-labels";

/** The tag a ranked row shows beside the name: none for students (most rows), else the role. */
export function rankedRoleTag(role: string): string | null {
  return normaliseRole(role as RoleInput) === "eleve" ? null : roleLabel(role, "shop");
}

export function isProfessor(role: string | undefined): boolean {
  return !!role && normaliseRole(role as RoleInput) === "prof";
}

/**
 * Whether the shop shows its Leaderboard tab: decided by role. Professors
 * see it once they opt in; every other role always does (admins too, though never ranked).
 */
export function seesLeaderboard(user: { role: string; leaderboardEnabled?: boolean } | null | undefined): boolean {
  if (!user) return false;
  return isProfessor(user.role) ? user.leaderboardEnabled === true : true;
}

const MEDALS = [
  { metal: "gold", label: "Médaille d'or" },
  { metal: "silver", label: "Médaille d'argent" },
  { metal: "bronze", label: "Médaille de bronze" },
] as const;

/** The medal of the top 3 ranks, null below. */
export function medalFor(rank: number): (typeof MEDALS)[number] | null {
  return rank >= 1 && rank <= 3 ? MEDALS[rank - 1]! : null;
}

/** A faction's name as shown: the /factions page spells the first one "Bagna". */
export function factionName(faction: Faction, spelling: "app" | "page" = "app"): string {
  return faction === "Bagnat" && spelling === "page" ? "Bagna" : faction;
}

/** "novembre 2026" for "2026-11" (null when the month is not YYYY-MM). */
function monthName(month: string): { name: string; year: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return null;
  const index = Number(m[2]) - 1;
  if (index < 0 || index > 11) return null;
  // Mid-month in UTC: the name never depends on the browser's time zone.
  const name = new Intl.DateTimeFormat("fr-FR", { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(Number(m[1]), index, 15)));
  return { name, year: m[1]! };
}

/** "Saison de novembre 2026", "Saison d'octobre 2026". */
export function seasonTitle(month: string): string {
  const m = monthName(month);
  if (!m) return "Saison en cours";
  return `Saison ${/^[aeiouâéè]/i.test(m.name) ? "d'" : "de "}${m.name} ${m.year}`;
}

/** "Octobre 2026": the heading of a closed season. */
export function monthTitle(month: string): string {
  const m = monthName(month);
  return m ? `${m.name.charAt(0).toUpperCase()}${m.name.slice(1)} ${m.year}` : month;
}

/** Time left until the season's end: "Fin dans 7 j 4 h", "Fin dans 5 h 07 min". */
export function seasonTimeLeft(endsAt: string, now = Date.now()): string {
  const end = Date.parse(endsAt);
  const ms = Number.isFinite(end) ? end - now : 0;
  if (ms <= 0) return "Saison terminée : calcul des résultats…";
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 24) return `Fin dans ${formatHoursMinutes(ms)}`;
  return `Fin dans ${Math.floor(hours / 24)} j ${hours % 24} h`;
}

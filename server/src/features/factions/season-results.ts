import { and, asc, desc, eq, gt, isNotNull, type SQL } from "drizzle-orm";
import type { Faction } from "@planify/common/constants/school";
import { PODIUM_SIZE, SEASON_LOSE_REWARD, SEASON_WIN_REWARD } from "@planify/common/constants/social";
import type { ClosedSeason, PodiumEntry } from "@planify/common/schemas/social";
import { users } from "../../db/schema";
import type { Tx } from "../../db/types";
import { RANKED } from "../../lib/ranked";
import { monthLabel } from "./months";
import { deWord } from "@planify/common/format/french";

type Podiums = ClosedSeason["podiums"];

/** Top PODIUM_SIZE of one board (users with something to show only), ranks shared on ties. */
async function podium(
  tx: Tx,
  value: typeof users.leaderboardCoins | typeof users.completedTasks | typeof users.factionCoins,
  where?: SQL,
): Promise<PodiumEntry[]> {
  const rows = await tx
    .select({ userId: users.id, username: users.username, avatar: users.avatar, avatarVersion: users.avatarVersion, value })
    .from(users)
    .where(and(RANKED, gt(value, 0), where))
    .orderBy(desc(value), asc(users.usernameKey))
    .limit(PODIUM_SIZE);
  const out: PodiumEntry[] = [];
  for (const [i, r] of rows.entries()) {
    const previous = out[i - 1];
    out.push({ ...r, rank: previous && previous.value === r.value ? previous.rank : i + 1 });
  }
  return out;
}

/** The boards as they stand when a season closes. */
export async function seasonPodiums(tx: Tx): Promise<Podiums> {
  return {
    coins: await podium(tx, users.leaderboardCoins),
    tasks: await podium(tx, users.completedTasks),
    Bagnat: await podium(tx, users.factionCoins, eq(users.faction, "Bagnat")),
    Fermier: await podium(tx, users.factionCoins, eq(users.faction, "Fermier")),
  };
}

/** Every member of a faction, for the payouts and result pop-ups. */
export async function factionMembers(tx: Tx): Promise<{ id: string; faction: Faction }[]> {
  const rows = await tx.select({ id: users.id, faction: users.faction }).from(users).where(isNotNull(users.faction));
  return rows.filter((m): m is { id: string; faction: Faction } => m.faction === "Bagnat" || m.faction === "Fermier");
}

const fr = (n: number) => n.toLocaleString("fr-FR");

/** Coins a member receives: winners and losers per the rules; nobody on a tie. */
export function seasonReward(winner: Faction | null, faction: Faction): number {
  if (winner === null) return 0;
  return faction === winner ? SEASON_WIN_REWARD : SEASON_LOSE_REWARD;
}

/** The winner of two totals; null on a tie. */
export function leadingFaction(totals: Record<Faction, number>): Faction | null {
  return totals.Bagnat === totals.Fermier ? null : totals.Bagnat > totals.Fermier ? "Bagnat" : "Fermier";
}

const scoreHtml = (totals: Record<Faction, number>) =>
  `<p>Bagnat : <strong>${fr(totals.Bagnat)}</strong> coins · Fermier : <strong>${fr(totals.Fermier)}</strong> coins.</p>`;
const TIE_HTML = "<p>⚖️ Égalité parfaite entre Bagnat et Fermier ! Aucune faction ne l'emporte";

/** The result pop-up of one member at a monthly close (static HTML written here, nothing user-typed in it). */
export function resultPopupHtml(month: string, totals: Record<Faction, number>, winner: Faction | null, faction: Faction): string {
  const title = `<p><strong>🏁 Fin de la saison ${deWord(monthLabel(month))}</strong></p>`;
  const next = "<p>Une nouvelle saison commence : les coins de faction et du classement repartent de zéro. À vous de jouer !</p>";
  if (winner === null) {
    return `${title}${TIE_HTML} : pas de coins distribués cette fois-ci.</p>${scoreHtml(totals)}${next}`;
  }
  const reward = seasonReward(winner, faction);
  const verdict =
    faction === winner
      ? `<p>🏆 ${winner} remporte la saison ! Bravo à toute ta faction : tu gagnes <strong>${reward} Planify Coins</strong>.</p>`
      : `<p>${winner} remporte la saison. ${faction} s'est bien battue : tu reçois <strong>${reward} Planify Coins</strong> pour ta participation.</p>`;
  return `${title}${verdict}${scoreHtml(totals)}${next}`;
}

/**
 * The result pop-up an admin sends by hand from the current totals: the same winner / loser /
 * tie wording as the monthly close, without coins (a manual notice pays nothing) and without
 * announcing a new season (the season goes on).
 */
export function currentResultPopupHtml(totals: Record<Faction, number>, faction: Faction): string {
  const title = "<p><strong>🏁 Résultats des factions</strong></p>";
  const winner = leadingFaction(totals);
  const verdict =
    winner === null
      ? `${TIE_HTML} pour l'instant.</p>`
      : faction === winner
        ? `<p>🏆 ${winner} remporte la manche ! Bravo à toute ta faction.</p>`
        : `<p>${winner} remporte la manche. ${faction} s'est bien battue : rendez-vous à la prochaine !</p>`;
  return `${title}${verdict}${scoreHtml(totals)}`;
}

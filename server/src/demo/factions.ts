import { eq, inArray } from "drizzle-orm";
import type { Faction } from "@planify/common/constants/school";
import type { PodiumEntry } from "@planify/common/schemas/social";
import type { AppDeps } from "../deps";
import { seasons, users } from "../db/schema";
import { applyLedger } from "../lib/ledger";
import { creditFactionTotal } from "../lib/faction-totals";
import { monthEndsAt, parisMonth } from "../features/factions/months";

/** Demo members and the faction coins they earned this month. */
const MEMBERS: [string, Faction, number][] = [
  ["lea.martin", "Bagnat", 340],
  ["emma.petit", "Bagnat", 260],
  ["chloe.roux", "Bagnat", 180],
  ["ines.girard", "Bagnat", 90],
  ["hugo.bernard", "Fermier", 310],
  ["lucas.moreau", "Fermier", 280],
  ["nathan.fournier", "Fermier", 120],
];

/** Last month's podiums: [username, value]. */
const PAST: Record<"coins" | "tasks" | Faction, [string, number][]> = {
  coins: [
    ["hugo.bernard", 1260],
    ["lea.martin", 1180],
    ["lucas.moreau", 940],
  ],
  tasks: [
    ["emma.petit", 31],
    ["lea.martin", 27],
    ["chloe.roux", 22],
  ],
  Bagnat: [
    ["lea.martin", 620],
    ["emma.petit", 410],
    ["chloe.roux", 260],
  ],
  Fermier: [
    ["hugo.bernard", 700],
    ["lucas.moreau", 520],
    ["nathan.fournier", 330],
  ],
};

/**
 * Both factions with members and coins this month (through the ledger and the faction
 * totals, as wheel wins would), and last month's closed season with its podiums.
 */
export async function seedDemoFactions(deps: AppDeps): Promise<void> {
  const now = deps.now();
  const month = parisMonth(now);
  const rows = await deps.db
    .select()
    .from(users)
    .where(
      inArray(
        users.username,
        MEMBERS.map(([u]) => u),
      ),
    );
  const byName = new Map(rows.map((u) => [u.username, u]));
  await deps.db.transaction(async (tx) => {
    for (const [username, faction, coins] of MEMBERS) {
      const user = byName.get(username);
      if (!user) continue;
      await tx.update(users).set({ faction }).where(eq(users.id, user.id));
      await applyLedger(tx, { userId: user.id, factionCoins: coins, reason: "demo", at: now });
      await creditFactionTotal(tx, faction, coins, now);
    }
    const previous = parisMonth(Date.parse(`${month}-01T12:00:00Z`) - 5 * 86_400_000);
    const entry = ([username, value]: [string, number], i: number): PodiumEntry => {
      const u = byName.get(username);
      return { userId: u?.id ?? username, username, avatar: u?.avatar ?? null, avatarVersion: u?.avatarVersion ?? 0, value, rank: i + 1 };
    };
    await tx
      .insert(seasons)
      .values({
        month: previous,
        openedAt: Date.parse(`${previous}-01T00:00:00Z`),
        closedAt: monthEndsAt(previous),
        bagnatTotal: 1290,
        fermierTotal: 1550,
        winner: "Fermier",
        podiums: Object.fromEntries(Object.entries(PAST).map(([board, list]) => [board, list.map(entry)])),
      })
      .onConflictDoNothing();
    await tx.insert(seasons).values({ month, openedAt: now }).onConflictDoNothing();
  });
}

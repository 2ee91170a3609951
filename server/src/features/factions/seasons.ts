import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { FACTIONS, type Faction } from "@planify/common/constants/school";
import type { ClosedSeason } from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { type Memo, memoOf } from "../../lib/cache";
import { factions, seasons } from "../../db/schema";
import { applyLedger, resetSeasonBalances } from "../../lib/ledger";
import type { Tx } from "../../db/types";
import { parisToUtc } from "@planify/common/time/paris-time";
import { monthEndsAt, parisMonth } from "./months";
import { factionMembers, leadingFaction, resultPopupHtml, seasonPodiums, seasonReward } from "./season-results";
import { queueUserPopups } from "../../lib/user-popups";
import { first } from "../../db/engine";
import { recordSeasonWon } from "../quests";

/**
 * Closes one season, exactly once: the conditional update on closed_at IS NULL is the
 * guard (a second caller changes nothing and stops). Then, in the same transaction:
 * payouts through the ledger, a result pop-up per member, the podiums and totals kept,
 * and every season balance and faction total back to 0.
 */
export async function closeSeason(tx: Tx, month: string, now: number): Promise<boolean> {
  const totals = Object.fromEntries(FACTIONS.map((f) => [f, 0])) as Record<Faction, number>;
  for (const row of await tx.select({ name: factions.name, total: factions.totalCoins }).from(factions)) totals[row.name] = row.total;
  const winner = leadingFaction(totals);
  const podiums = await seasonPodiums(tx);
  const claimed = await first(
    tx
      .update(seasons)
      .set({ closedAt: now, bagnatTotal: totals.Bagnat, fermierTotal: totals.Fermier, winner, podiums })
      .where(and(eq(seasons.month, month), isNull(seasons.closedAt)))
      .returning({ month: seasons.month }),
  );
  if (!claimed) return false;

  const members = await factionMembers(tx);
  const reference = `season:${month}`;
  for (const m of members) {
    const reward = seasonReward(winner, m.faction);
    if (reward > 0) await applyLedger(tx, { userId: m.id, coins: reward, reason: "season-result", reference, at: now });
  }
  await recordSeasonWon(
    tx,
    members.filter((m) => winner !== null && m.faction === winner).map((m) => m.id),
    now,
  );
  await queueUserPopups(
    tx,
    members.map((m) => ({ userId: m.id, html: resultPopupHtml(month, totals, winner, m.faction) })),
    null,
    now,
  );
  await resetSeasonBalances(tx, now, reference);
  await tx.update(factions).set({ totalCoins: 0, updatedAt: now });
  return true;
}

/**
 * Makes the open season the current Paris month: closes the previous one if the month
 * has ended (several months off: the open one closes, the current one opens, nothing in
 * between). Asked by every request, so the usual case is a look-up, synchronous: no calendar
 * arithmetic, no database and no promise until the month's last instant has passed (the open
 * month is remembered per app from its first instant to its last). Past it, the change's
 * promise (the caller runs one at a time: factions/routes.ts through lib/request-hold.ts).
 */
export function rollSeasons(deps: AppDeps): Promise<void> | undefined {
  const now = deps.now();
  const openMonth = memoOf<string>(deps, "open-season", { max: 1 });
  if (openMonth.peek("", now) !== undefined) return;
  return openSeason(deps, openMonth, now);
}

async function openSeason(deps: AppDeps, openMonth: Memo<string>, now: number): Promise<void> {
  const month = parisMonth(now);
  if (openMonth.stale("") !== month) {
    await deps.db.transaction(async (tx) => {
      const open = await first(tx.select({ month: seasons.month }).from(seasons).where(isNull(seasons.closedAt)));
      if (open && open.month < month) await closeSeason(tx, open.month, now);
      if (!open || open.month < month) await tx.insert(seasons).values({ month, openedAt: now }).onConflictDoNothing();
    });
  }
  openMonth.set("", month, { from: parisToUtc(`${month}-01`, "00:00"), until: monthEndsAt(month) });
}

/** Closed seasons, newest first. */
export async function seasonHistory(deps: AppDeps): Promise<ClosedSeason[]> {
  const rows = await deps.db.select().from(seasons).where(isNotNull(seasons.closedAt)).orderBy(desc(seasons.month));
  return rows.map((s) => ({
    month: s.month,
    closedAt: new Date(s.closedAt!).toISOString(),
    totals: { Bagnat: s.bagnatTotal, Fermier: s.fermierTotal },
    winner: s.winner === "Bagnat" || s.winner === "Fermier" ? s.winner : null,
    podiums: {
      coins: [],
      tasks: [],
      Bagnat: [],
      Fermier: [],
      ...(s.podiums as Partial<ClosedSeason["podiums"]>),
    },
  }));
}

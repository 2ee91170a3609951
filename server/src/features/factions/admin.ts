import { count, eq } from "drizzle-orm";
import { FACTIONS, type Faction } from "@planify/common/constants/school";
import type {
  FactionDistributeBody,
  FactionDistributeResponse,
  FactionNotifyResponse,
  FactionPriceResponse,
  FactionResetResponse,
  FactionTotalResponse,
} from "@planify/common/schemas/factions-admin";
import type { AppDeps } from "../../deps";
import { factions, users } from "../../db/schema";
import { recordAdminAction, type JournalActor } from "../../lib/journal";
import { applyLedger, resetFactionBalances } from "../../lib/ledger";
import type { Tx } from "../../db/types";
import { AppError } from "../../lib/errors";
import { normalizeMultiplier, priceMultiplierProblem } from "@planify/common/rules/faction-price";
import { parseFaction } from "./join";
import { currentResultPopupHtml, factionMembers } from "./season-results";
import { queueUserPopups } from "../../lib/user-popups";
import { first } from "../../db/engine";

// The factions section of the admin area. Each write runs in one transaction with its
// journal entry, so an entry exists exactly when the write happened.

async function totalsOf(tx: Tx): Promise<Record<Faction, number>> {
  const totals = Object.fromEntries(FACTIONS.map((f) => [f, 0])) as Record<Faction, number>;
  for (const row of await tx.select({ name: factions.name, total: factions.totalCoins }).from(factions)) totals[row.name] = row.total;
  return totals;
}

const fr = (n: number) => n.toLocaleString("fr-FR");
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** POST /factions/total-coins: sets one faction's season total (member counts are counted, never stored). */
export async function setFactionTotal(
  deps: AppDeps,
  actor: JournalActor,
  name: string,
  totalCoins: number,
): Promise<Omit<FactionTotalResponse, "success">> {
  const faction = parseFaction(name);
  const now = deps.now();
  return await deps.db.transaction(async (tx) => {
    const before = (await totalsOf(tx))[faction];
    await tx
      .insert(factions)
      .values({ name: faction, totalCoins, updatedAt: now })
      .onConflictDoUpdate({ target: factions.name, set: { totalCoins, updatedAt: now } });
    await recordAdminAction(tx, actor, {
      action: "faction.total",
      summary: `Total ${faction} : ${fr(before)} → ${fr(totalCoins)} coins`,
      details: { faction, before, after: totalCoins },
      at: now,
    });
    const membersCount = (await first(tx.select({ n: count() }).from(users).where(eq(users.faction, faction))))?.n ?? 0;
    return { message: `Total de ${faction} enregistré.`, faction: { name: faction, totalCoins, membersCount } };
  });
}

/**
 * POST /factions/notify-results: one result pop-up per member of either faction, from the
 * current totals. A manual notice pays nothing: coins move only at the monthly close or by
 * an explicit distribution, so notifying twice can never pay twice.
 */
export async function notifyFactionResults(deps: AppDeps, actor: JournalActor): Promise<Omit<FactionNotifyResponse, "success">> {
  const now = deps.now();
  return await deps.db.transaction(async (tx) => {
    const totals = await totalsOf(tx);
    const members = await factionMembers(tx);
    await queueUserPopups(
      tx,
      members.map((m) => ({ userId: m.id, html: currentResultPopupHtml(totals, m.faction) })),
      actor.id,
      now,
    );
    await recordAdminAction(tx, actor, {
      action: "faction.notify",
      summary: `Résultats envoyés à ${fr(members.length)} membre(s) (Bagnat ${fr(totals.Bagnat)} · Fermier ${fr(totals.Fermier)})`,
      details: { totals, notified: members.length },
      at: now,
    });
    return { message: `Résultats envoyés à ${members.length} membre(s).`, notified: members.length };
  });
}

/** POST /factions/reset: every factionCoins balance to 0 through the ledger, and both totals to 0. */
export async function resetFactions(deps: AppDeps, actor: JournalActor): Promise<Omit<FactionResetResponse, "success">> {
  const now = deps.now();
  return await deps.db.transaction(async (tx) => {
    const before = await totalsOf(tx);
    const usersReset = await resetFactionBalances(tx, now, `admin:${actor.id}`);
    await tx.update(factions).set({ totalCoins: 0, updatedAt: now });
    await recordAdminAction(tx, actor, {
      action: "faction.reset",
      summary: `Factions remises à zéro (${fr(usersReset)} compte(s), Bagnat ${fr(before.Bagnat)} · Fermier ${fr(before.Fermier)} → 0)`,
      details: { before, after: { Bagnat: 0, Fermier: 0 }, usersReset },
      at: now,
    });
    return { message: `Coins de faction remis à zéro (${usersReset} compte(s)).`, usersReset };
  });
}

/**
 * POST /factions/distribute: the same coins to the wallet of every member of one faction,
 * through the ledger, with a pop-up telling them. Only the wallet moves: the leaderboard and
 * faction coins measure what members earned, and the totals are set on their own.
 */
export async function distributeToFaction(
  deps: AppDeps,
  actor: JournalActor,
  body: FactionDistributeBody,
): Promise<Omit<FactionDistributeResponse, "success">> {
  const faction = parseFaction(body.faction);
  const coins = body.coins;
  const note = body.message?.trim() ?? "";
  const now = deps.now();
  return await deps.db.transaction(async (tx) => {
    const members = (await factionMembers(tx)).filter((m) => m.faction === faction);
    const reference = `faction-distribute:${faction}`;
    for (const m of members) await applyLedger(tx, { userId: m.id, coins, reason: "faction-distribute", reference, at: now });
    const html = `<p><strong>💰 ${fr(coins)} Planify Coins pour ${faction} !</strong></p><p>L'administration offre ${fr(coins)} coins à chaque membre de ta faction.</p>${note ? `<p>${escapeHtml(note)}</p>` : ""}`;
    await queueUserPopups(
      tx,
      members.map((m) => ({ userId: m.id, html })),
      actor.id,
      now,
    );
    await recordAdminAction(tx, actor, {
      action: "faction.distribute",
      summary: `${fr(coins)} coins à chacun des ${fr(members.length)} membre(s) de ${faction}`,
      details: { faction, coinsEach: coins, recipients: members.length, total: coins * members.length, message: note || null },
      at: now,
    });
    return {
      message: `${coins} coins distribués à ${members.length} membre(s) de ${faction}.`,
      recipients: members.length,
      coinsEach: coins,
    };
  });
}

/**
 * POST /factions/price-multiplier: what members of one faction pay in the shop, as a factor
 * of the catalogue price (0.5 to 3 by 0.05). Applies to the next shop read and purchase.
 */
export async function setFactionPriceMultiplier(
  deps: AppDeps,
  actor: JournalActor,
  name: string,
  value: number,
): Promise<Omit<FactionPriceResponse, "success">> {
  const faction = parseFaction(name);
  const problem = priceMultiplierProblem(value);
  if (problem) throw new AppError("VALIDATION", problem);
  const priceMultiplier = normalizeMultiplier(value);
  const now = deps.now();
  return await deps.db.transaction(async (tx) => {
    const before = (await first(tx.select({ m: factions.priceMultiplier }).from(factions).where(eq(factions.name, faction))))?.m ?? 1;
    await tx
      .insert(factions)
      .values({ name: faction, priceMultiplier, updatedAt: now })
      .onConflictDoUpdate({ target: factions.name, set: { priceMultiplier, updatedAt: now } });
    const shown = (m: number) => `×${m.toLocaleString("fr-FR")}`;
    await recordAdminAction(tx, actor, {
      action: "faction.price",
      summary: `Prix ${faction} : ${shown(before)} → ${shown(priceMultiplier)}`,
      details: { faction, before, after: priceMultiplier },
      at: now,
    });
    return { message: `Prix de ${faction} enregistrés (${shown(priceMultiplier)}).`, faction, priceMultiplier };
  });
}

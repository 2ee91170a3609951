import { and, desc, eq } from "drizzle-orm";
import { GALAXIE_ITEM_ID } from "@planify/common/constants/catalogue";
import { ECONOMY_MESSAGES } from "@planify/common/constants/economy";
import { WHEEL_PROTECTION_STREAK, wheelSegments } from "@planify/common/constants/wheel";
import type { SpinBody, SpinResponse, SpinStatusResponse } from "@planify/common/schemas/economy";
import type { AppDeps } from "../../deps";
import { users, wheelSpins } from "../../db/schema";
import { AppError, forbidden } from "../../lib/errors";
import { applyLedger } from "../../lib/ledger";
import type { Tx, UserRow } from "../../db/types";
import { creditFactionTotal } from "../../lib/faction-totals";
import { isParisWeekend, nextParisMidnight, parisDate } from "@planify/common/time/paris-time";
import { grantTarget, ownsLegacyId, resolveTarget } from "../items";
import type { RandomInt } from "./daily-shop-draw";
import { economyState, saveEconomyState } from "./economy-state";
import { cryptoRandomInt } from "./random";
import { drawSegment, nextStreak } from "./wheel";
import { first } from "../../db/engine";
import { recordSpin } from "../quests";

async function spunToday(tx: Tx | AppDeps["db"], userId: string, day: string): Promise<boolean> {
  return !!(await first(
    tx
      .select({ id: wheelSpins.id })
      .from(wheelSpins)
      .where(and(eq(wheelSpins.userId, userId), eq(wheelSpins.parisDay, day), eq(wheelSpins.test, false))),
  ));
}

/** GET /coins/spin-status. */
export async function spinStatus(deps: AppDeps, userId: string): Promise<SpinStatusResponse> {
  const now = deps.now();
  const last = await first(
    deps.db
      .select({ parisDay: wheelSpins.parisDay })
      .from(wheelSpins)
      .where(and(eq(wheelSpins.userId, userId), eq(wheelSpins.test, false)))
      .orderBy(desc(wheelSpins.id)),
  );
  const canSpin = !(await spunToday(deps.db, userId, parisDate(now)));
  const streak = (await economyState(deps.db, userId)).lossStreak;
  const galaxieAvailable = !(await ownsLegacyId(deps.db, userId, GALAXIE_ITEM_ID));
  return {
    success: true,
    canSpin,
    canSpinToday: canSpin,
    lastSpinDate: last?.parisDay ?? null,
    lossStreak: streak,
    protectionReady: streak >= WHEEL_PROTECTION_STREAK,
    nextReset: new Date(nextParisMidnight(now)).toISOString(),
    isWeekend: isParisWeekend(now),
    galaxieAvailable,
  };
}

/**
 * One spin, inside the caller's transaction: the spin row is inserted
 * first so the UNIQUE(user, Paris day) index refuses a second spin of the day; then the
 * draw, the streak, the reward through the ledger (or item 25 as an unseen gift).
 */
export async function spinWheel(
  deps: AppDeps,
  tx: Tx,
  user: UserRow,
  body: SpinBody,
  random: RandomInt = cryptoRandomInt,
): Promise<SpinResponse> {
  const isAdmin = user.role === "admin";
  if ((body.wheel === "x2" || body.force) && !isAdmin) throw forbidden("Réservé aux administrateurs.");
  const now = deps.now();
  const day = parisDate(now);
  const spin = await first(
    tx
      .insert(wheelSpins)
      .values({ userId: user.id, parisDay: day, test: isAdmin && body.force === true, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: wheelSpins.id }),
  );
  if (!spin) throw new AppError("ALREADY_SPUN", ECONOMY_MESSAGES.alreadySpun);

  const weekend = isParisWeekend(now);
  const boosted = weekend || (isAdmin && body.wheel === "x2");
  const previous = (await economyState(tx, user.id)).lossStreak;
  const galaxieAvailable = !(await ownsLegacyId(tx, user.id, GALAXIE_ITEM_ID));
  const segments = wheelSegments({ boosted, galaxieAvailable, protectionReady: previous >= WHEEL_PROTECTION_STREAK });
  const segment = drawSegment(segments, random);
  const outcome = nextStreak(previous, segment);
  await saveEconomyState(tx, user.id, { lossStreak: outcome.lossStreak });

  // The session row was read before this transaction: take balances and faction afresh.
  const fresh = (await first(tx.select({ coins: users.coins, faction: users.faction }).from(users).where(eq(users.id, user.id))))!;
  let coins = fresh.coins;
  let message: string;
  if (segment.type === "coins") {
    const balances = await applyLedger(tx, {
      userId: user.id,
      coins: segment.coins,
      leaderboardCoins: segment.coins,
      factionCoins: fresh.faction ? segment.coins : 0,
      reason: "wheel",
      reference: `spin:${spin.id}`,
      at: now,
    });
    await creditFactionTotal(tx, fresh.faction, segment.coins, now);
    coins = balances.coins;
    message = `${weekend ? "WEEKEND BONUS x1.5 " : ""}🎉 Félicitations ! Vous avez gagné ${segment.coins} coins !`;
  } else if (segment.type === "galaxy") {
    const target = await resolveTarget(tx, GALAXIE_ITEM_ID);
    await grantTarget(tx, { userId: user.id, target, source: "wheel", at: now, unseenGift: true });
    message = "Félicitations ! Vous avez obtenu l'item Galaxie !";
  } else {
    message = "😔 Dommage, vous n'avez rien gagné cette fois-ci !";
  }
  await tx.update(wheelSpins).set({ segment: segment.key, coinsWon: segment.coins }).where(eq(wheelSpins.id, spin.id));
  // Quests and achievements of the wheel, paid in this same transaction (their coins included in newCoins).
  const lost = segment.type !== "galaxy" && segment.coins <= 0;
  coins += await recordSpin(tx, { userId: user.id, at: now, lost, test: isAdmin && body.force === true });
  return {
    success: true,
    newCoins: coins,
    coinsWon: segment.coins,
    rewardName: segment.label,
    rewardItemId: segment.type === "galaxy" ? GALAXIE_ITEM_ID : null,
    message,
    lossStreak: outcome.lossStreak,
    protectionReady: outcome.protectionReady,
    protectionUsed: outcome.protectionUsed,
    segmentKey: segment.key,
    isWeekend: weekend,
    nextReset: new Date(nextParisMidnight(now)).toISOString(),
  };
}

/** Admin test: records a loss without spinning. */
export async function forceLoss(deps: AppDeps, userId: string) {
  return await deps.db.transaction(async (tx) => {
    const lossStreak = Math.min(WHEEL_PROTECTION_STREAK, (await economyState(tx, userId)).lossStreak + 1);
    await saveEconomyState(tx, userId, { lossStreak });
    return {
      success: true as const,
      lossStreak,
      protectionReady: lossStreak >= WHEEL_PROTECTION_STREAK,
      message: "Perte forcée enregistrée.",
    };
  });
}

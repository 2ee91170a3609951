import { eq } from "drizzle-orm";
import type { Faction } from "@planify/common/constants/school";
import { FACTION_SWITCH_COST, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import type { FactionJoinResponse } from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { isFaction } from "../../lib/faction-totals";
import { applyLedger } from "../../lib/ledger";
import { first } from "../../db/engine";

/** The faction a client names: "Bagna" (the factions page's spelling) is Bagnat; case and spaces ignored. */
export function parseFaction(input: string): Faction {
  const key = input.trim().toLowerCase();
  if (key === "bagnat" || key === "bagna") return "Bagnat";
  if (key === "fermier") return "Fermier";
  throw new AppError("UNKNOWN_FACTION", SOCIAL_MESSAGES.factionUnknown);
}

/**
 * POST /factions/join. The first join is free; a switch costs FACTION_SWITCH_COST and sets
 * factionCoins to 0, both through the ledger in the join's transaction (what the member
 * brought stays in the old faction's total). Refused as a whole when the wallet is short.
 */
export async function joinFaction(deps: AppDeps, userId: string, requested: string): Promise<Omit<FactionJoinResponse, "success">> {
  const faction = parseFaction(requested);
  const now = deps.now();
  return await deps.db.transaction(async (tx) => {
    const me = await first(
      tx
        .select({ faction: users.faction, coins: users.coins, leaderboardCoins: users.leaderboardCoins, factionCoins: users.factionCoins })
        .from(users)
        .where(eq(users.id, userId)),
    );
    if (!me) throw new AppError("NOT_FOUND", "Utilisateur introuvable.");
    if (me.faction === faction) throw new AppError("ALREADY_IN_FACTION", SOCIAL_MESSAGES.factionAlreadyMember);
    const switching = isFaction(me.faction);
    const balances = switching
      ? await applyLedger(tx, {
          userId,
          coins: -FACTION_SWITCH_COST,
          factionCoins: -me.factionCoins,
          reason: "faction-switch",
          reference: `faction:${me.faction}>${faction}`,
          at: now,
          insufficientMessage: SOCIAL_MESSAGES.factionSwitchTooPoor,
        })
      : me;
    await tx
      .update(users)
      .set({ faction, updatedAt: new Date(now).toISOString() })
      .where(eq(users.id, userId));
    const cost = switching ? FACTION_SWITCH_COST : 0;
    return {
      message: switching ? `Tu as rejoint ${faction} (−${cost} coins).` : `Bienvenue chez ${faction} !`,
      faction,
      coins: balances.coins,
      leaderboardCoins: balances.leaderboardCoins,
      factionCoins: balances.factionCoins,
      cost,
    };
  });
}

import { and, asc, count, desc, eq, getTableColumns, gt, isNotNull, sql } from "drizzle-orm";
import { FACTIONS, type Faction } from "@planify/common/constants/school";
import { FACTION_SWITCH_COST, LEADERBOARD_SIZE } from "@planify/common/constants/social";
import type { FactionLeaderboardResponse, FactionRankedUser } from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { factions, userEconomy, users } from "../../db/schema";
import { toAvatarFields, variantColumns, variantsOf, type VariantColumns } from "../../lib/avatar-fields";
import { isFaction } from "../../lib/faction-totals";
import { isRanked, RANKED } from "../../lib/ranked";
import { untilNextWrite } from "../../lib/cache";
import type { UserRow } from "../../db/types";
import { monthEndsAt, parisMonth } from "./months";
import { first } from "../../db/engine";

function present(u: UserRow, v: VariantColumns, rank: number): FactionRankedUser {
  const coins = u.factionCoins;
  return { ...toAvatarFields(u, v), coins, factionCoins: coins, displayCoins: coins, coinsForLeaderboard: coins, rank };
}

/** Top LEADERBOARD_SIZE members of one faction, by faction coins then username; ties share a rank. */
async function topMembers(deps: AppDeps, faction: Faction): Promise<FactionRankedUser[]> {
  const rank = sql<number>`rank() over (order by ${users.factionCoins} desc)`.mapWith(Number);
  const rows = await deps.db
    .select({ user: getTableColumns(users), ...variantColumns, rank })
    .from(users)
    .leftJoin(userEconomy, eq(userEconomy.userId, users.id))
    .where(and(RANKED, eq(users.faction, faction)))
    .orderBy(desc(users.factionCoins), asc(users.usernameKey), asc(users.id))
    .limit(LEADERBOARD_SIZE);
  return rows.map((r) => present(r.user, r, r.rank));
}

/** The caller's own row in their faction, wherever they stand (null: no faction or not ranked). */
async function ownEntry(deps: AppDeps, caller: UserRow, faction: Faction, top: FactionRankedUser[]): Promise<FactionRankedUser | null> {
  if (caller.faction !== faction || !isRanked(caller)) return null;
  const listed = top.find((u) => u.id === caller.id);
  if (listed) return listed;
  const fresh = (await first(deps.db.select().from(users).where(eq(users.id, caller.id)))) ?? caller;
  const better =
    (
      await first(
        deps.db
          .select({ n: count() })
          .from(users)
          .where(and(RANKED, eq(users.faction, faction), gt(users.factionCoins, fresh.factionCoins))),
      )
    )?.n ?? 0;
  return present(fresh, await variantsOf(deps.db, caller.id), better + 1);
}

/** GET /factions/leaderboard. Member counts are counted, never stored (and remembered until the next write). */
export async function factionBoard(deps: AppDeps, caller: UserRow): Promise<Omit<FactionLeaderboardResponse, "success">> {
  // Totals, counts and podiums are the same for every caller until the next write.
  const { counts, rows, bagnat, fermier } = await untilNextWrite(deps.engine, "faction-board", async () => ({
    counts: new Map(
      (await deps.db.select({ faction: users.faction, n: count() }).from(users).where(isNotNull(users.faction)).groupBy(users.faction)).map(
        (r) => [r.faction, r.n],
      ),
    ),
    rows: new Map((await deps.db.select().from(factions)).map((f) => [f.name, f])),
    bagnat: await topMembers(deps, "Bagnat"),
    fermier: await topMembers(deps, "Fermier"),
  }));
  const month = parisMonth(deps.now());
  const myFaction = isFaction(caller.faction) ? caller.faction : null;
  return {
    factions: FACTIONS.map((name) => ({ name, totalCoins: rows.get(name)?.totalCoins ?? 0, membersCount: counts.get(name) ?? 0 })),
    bagnatTopUsers: bagnat,
    bagnaTopUsers: bagnat,
    fermierTopUsers: fermier,
    currentUserBagnat: await ownEntry(deps, caller, "Bagnat", bagnat),
    currentUserFermier: await ownEntry(deps, caller, "Fermier", fermier),
    myFaction,
    priceByFaction: Object.fromEntries(FACTIONS.map((name) => [name, rows.get(name)?.priceMultiplier ?? 1])),
    switchCost: myFaction ? FACTION_SWITCH_COST : 0,
    season: { month, endsAt: new Date(monthEndsAt(month)).toISOString() },
    leaderboardNeedsRefresh: false,
  };
}

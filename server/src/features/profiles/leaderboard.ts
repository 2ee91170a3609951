import { and, asc, count, desc, eq, getTableColumns, gt, sql } from "drizzle-orm";
import { LEADERBOARD_SIZE } from "@planify/common/constants/social";
import type { LeaderboardResponse, LeaderboardSort, LeaderboardUser } from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { userEconomy, users } from "../../db/schema";
import { toAvatarFields, variantColumns, variantsOf } from "../../lib/avatar-fields";
import { isRanked, RANKED } from "../../lib/ranked";
import { memoOf, untilNextWrite } from "../../lib/cache";
import { EncodedJson } from "../../lib/http-cache";
import type { UserRow } from "../../db/types";
import { first } from "../../db/engine";

const valueColumn = (sort: LeaderboardSort) => (sort === "tasks" ? users.completedTasks : users.leaderboardCoins);

function present(u: UserRow, variants: { discordVariant: number | null; jojoVariant: number | null }, rank: number): LeaderboardUser {
  return {
    ...toAvatarFields(u, variants),
    leaderboardCoins: u.leaderboardCoins,
    coins: u.leaderboardCoins,
    completedTasks: u.completedTasks,
    rank,
  };
}

/**
 * GET /users/leaderboard: the top LEADERBOARD_SIZE of the board, equal values sharing a rank
 * (1, 2, 2, 4) and listed by username, plus the caller's own row wherever they stand.
 * Ranks come from SQLite's rank() window and a count of better values: no user list is
 * loaded beyond the page, and the page is remembered until the next write.
 */
export async function leaderboard(deps: AppDeps, caller: UserRow, sort: LeaderboardSort): Promise<Omit<LeaderboardResponse, "success">> {
  const value = valueColumn(sort);
  // The same page for every caller until the next write: a class opening the board at once costs one query.
  const { users_, total } = await untilNextWrite(deps.engine, `leaderboard:${sort}`, async () => {
    const rank = sql<number>`rank() over (order by ${value} desc)`.mapWith(Number);
    const rows = await deps.db
      .select({ user: getTableColumns(users), ...variantColumns, rank })
      .from(users)
      .leftJoin(userEconomy, eq(userEconomy.userId, users.id))
      .where(RANKED)
      .orderBy(desc(value), asc(users.usernameKey), asc(users.id))
      .limit(LEADERBOARD_SIZE);
    return {
      users_: rows.map((r) => present(r.user, r, r.rank)),
      total: (await first(deps.db.select({ n: count() }).from(users).where(RANKED)))?.n ?? 0,
    };
  });
  const ranked = isRanked(caller);
  let me: LeaderboardUser | null = null;
  if (ranked) {
    me = users_.find((u) => u.id === caller.id) ?? null;
    if (!me) {
      const mine = sort === "tasks" ? caller.completedTasks : caller.leaderboardCoins;
      const better =
        (
          await first(
            deps.db
              .select({ n: count() })
              .from(users)
              .where(and(RANKED, gt(value, mine))),
          )
        )?.n ?? 0;
      me = present(caller, await variantsOf(deps.db, caller.id), better + 1);
    }
  }
  return { sort, users: users_, me, total, leaderboardEnabled: ranked };
}

/**
 * The board's answer as bytes, serialised and compressed once per caller until the next
 * write: a class opening the board together costs one query and one compression each, and
 * a student coming back to it costs a look-up. Unranked callers (staff, students who left
 * the board) all get the same answer. At most 200 (a board of 100 users is about 30 KB).
 */
export async function leaderboardAnswer(deps: AppDeps, caller: UserRow, sort: LeaderboardSort): Promise<EncodedJson> {
  const key = `${sort}|${isRanked(caller) ? caller.id : "unranked"}`;
  return await memoOf<EncodedJson>(deps.engine, "leaderboard-answers", { max: 200, untilWriteTo: deps.engine }).getAsync(
    key,
    async () => new EncodedJson({ success: true as const, ...(await leaderboard(deps, caller, sort)) } satisfies LeaderboardResponse),
  );
}

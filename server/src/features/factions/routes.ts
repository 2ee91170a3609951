import { Elysia } from "elysia";
import {
  FactionJoinBody,
  FactionJoinResponse,
  FactionLeaderboardQuery,
  FactionLeaderboardResponse,
  SeasonHistoryResponse,
} from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { holdRequests } from "../../lib/request-hold";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { factionsAdminRoutes } from "./admin-routes";
import { factionBoard } from "./board";
import { joinFaction } from "./join";
import { rollSeasons, seasonHistory } from "./seasons";

/** Starts the season's change when a month has ended (rollSeasons), once at a time; signed-in requests wait for it. */
function startSeasonChange(deps: AppDeps): void {
  holdRequests(deps, () =>
    rollSeasons(deps)?.catch((error: unknown) => {
      // A failed close is retried by the next request; the requests themselves go on.
      deps.log("error", "season rollover failed", { error: String(error) });
    }),
  );
}

/**
 * Factions and monthly seasons. Every request first makes sure the open season is this
 * Paris month: the first request after a month ends starts closing it (once), whoever sends
 * it, and signed-in requests wait until it is closed (lib/request-hold.ts). The hook itself is
 * synchronous: Elysia would make every request of the app async for an async one.
 */
export const factionsRoutes = (deps: AppDeps) =>
  new Elysia({ name: "factions", seed: deps.instanceId })
    .onRequest(() => {
      startSeasonChange(deps);
    })
    .group("/factions", (app) =>
      app
        .use(authPlugin(deps))
        .get("/leaderboard", async ({ user }) => ({ success: true as const, ...(await factionBoard(deps, user)) }), {
          auth: true,
          query: FactionLeaderboardQuery,
          response: replies({ 200: FactionLeaderboardResponse }),
        })
        .post("/join", async ({ user, body }) => ({ success: true as const, ...(await joinFaction(deps, user.id, body.faction)) }), {
          auth: true,
          body: FactionJoinBody,
          response: replies({ 200: FactionJoinResponse }),
        })
        .get("/seasons", async () => ({ success: true as const, seasons: await seasonHistory(deps) }), {
          auth: true,
          response: replies({ 200: SeasonHistoryResponse }),
        })
        .use(factionsAdminRoutes(deps)),
    );

import { Elysia } from "elysia";
import {
  FactionJoinBody,
  FactionJoinResponse,
  FactionLeaderboardQuery,
  FactionLeaderboardResponse,
  SeasonHistoryResponse,
} from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { factionsAdminRoutes } from "./admin-routes";
import { factionBoard } from "./board";
import { joinFaction } from "./join";
import { rollSeasons, seasonHistory } from "./seasons";

/**
 * Factions and monthly seasons. Every request first makes sure the open season is this
 * Paris month: the first request after a month ends closes it (once), whoever sends it.
 */
export const factionsRoutes = (deps: AppDeps) =>
  new Elysia({ name: "factions", seed: deps.instanceId })
    .onRequest(async () => {
      try {
        // Usually no promise: the open month is remembered (seasons.ts).
        const change = rollSeasons(deps);
        if (change !== undefined) await change;
      } catch (error) {
        // A failed close is retried by the next request; the request itself goes on.
        deps.log("error", "season rollover failed", { error: String(error) });
      }
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

import { Elysia } from "elysia";
import { UsersAdminCoinsBody, UsersAdminResponse } from "@planify/common/schemas/economy";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { setUserBalance, setUserBorderColor } from "./service";

/** POST /users-admin: the admin balance and border-colour actions. */
export const usersAdminRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/users-admin" })
    .use(authPlugin(deps))
    .post(
      "/",
      ({ user, body }) => {
        switch (body.action) {
          case "update-coins":
            return setUserBalance(deps, user.id, body.userId, "coins", body.coins);
          case "update-leaderboard-coins":
            return setUserBalance(deps, user.id, body.userId, "leaderboardCoins", body.leaderboardCoins);
          case "update-faction-coins":
            return setUserBalance(deps, user.id, body.userId, "factionCoins", body.factionCoins);
          case "set-border-color":
            return setUserBorderColor(deps, body.userId, body.colorId, body.adminMessage);
        }
      },
      { auth: ["admin"], body: UsersAdminCoinsBody, response: replies({ 200: UsersAdminResponse }) },
    );

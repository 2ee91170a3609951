import { Elysia } from "elysia";
import type { Role } from "@planify/common/constants/roles";
import type { AppDeps } from "../deps";
import { forbidden, unauthorized } from "../lib/errors";
import { userFromAuthorization } from "../features/auth/tokens";

/**
 * Route guard. `{ auth: true }` requires a valid session; `{ auth: ["admin"] }` also
 * requires one of the roles. The handler then receives `user`, the freshly read row.
 */
export const authPlugin = (deps: AppDeps) =>
  new Elysia({ name: "auth", seed: deps.instanceId }).macro({
    auth: (roles: true | readonly Role[]) => ({
      async resolve({ headers }) {
        const user = await userFromAuthorization(deps, headers.authorization);
        if (!user) throw unauthorized();
        if (roles !== true && !roles.includes(user.role)) throw forbidden();
        return { user };
      },
    }),
  });

import { Elysia } from "elysia";
import type { Role } from "@planify/common/constants/roles";
import type { AppDeps } from "../deps";
import { forbidden, unauthorized } from "../lib/errors";
import { userFromAuthorization } from "../features/auth/tokens";
import { userFromSessionCookie } from "../features/auth/session-cookie";

/**
 * Route guard. `{ auth: true }` requires a valid session; `{ auth: ["admin"] }` also
 * requires one of the roles. The handler then receives `user`, the freshly read row.
 * `{ media: true }` (or roles) is the same guard for GET routes that serve a file: there the
 * session cookie is accepted too, so that a plain link downloads in a logged-in browser.
 * Nothing else reads the cookie, and a media guard on any other method refuses it.
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
    media: (roles: true | readonly Role[]) => ({
      async resolve({ headers, cookie, request }) {
        const byCookie = request.method === "GET" || request.method === "HEAD";
        const user =
          (await userFromAuthorization(deps, headers.authorization)) ?? (byCookie ? await userFromSessionCookie(deps, cookie) : null);
        if (!user) throw unauthorized();
        if (roles !== true && !roles.includes(user.role)) throw forbidden();
        return { user };
      },
    }),
  });

import { Elysia } from "elysia";
import type { Role } from "@planify/common/constants/roles";
import type { AppDeps } from "../deps";
import { AppError, forbidden, unauthorized } from "../lib/errors";
import { userFromAuthorization, type UserRow } from "../features/auth/tokens";
import { userFromSessionCookie } from "../features/auth/session-cookie";

// One session look-up per request: the body guard checks it before reading the body and
// the route guard reuses the answer instead of verifying the token and reading the row twice.
const sessions = new WeakMap<Request, Promise<UserRow | null>>();

/** The user of this request's session, or null (looked up once per request). */
export function sessionUser(deps: AppDeps, request: Request): Promise<UserRow | null> {
  let found = sessions.get(request);
  if (!found) {
    found = userFromAuthorization(deps, request.headers.get("authorization"));
    sessions.set(request, found);
  }
  return found;
}

/**
 * Route guard. `{ auth: true }` requires a valid session; `{ auth: ["admin"] }` also
 * requires one of the roles; `{ auth: { roles, refusal } }` says why to the others. The handler then receives `user`, the freshly read row.
 * `{ media: true }` (or roles) is the same guard for GET routes that serve a file: there the
 * session cookie is accepted too, so that a plain link downloads in a logged-in browser.
 * Nothing else reads the cookie, and a media guard on any other method refuses it.
 */
/** The only route an account that must choose its password may call (see features/auth). */
export const FIRST_PASSWORD_PATH = "/api/users/me/password";

/** Refuses everything but choosing a password to an imported account that has not chosen one. */
function assertPasswordChosen(user: UserRow, request: Request): void {
  if (user.mustChangePassword && new URL(request.url).pathname !== FIRST_PASSWORD_PATH) throw new AppError("PASSWORD_CHANGE_REQUIRED");
}

/** Who a route admits: any session, some roles, or some roles with the French reason given to the others. */
export type AuthRule = true | readonly Role[] | { roles: readonly Role[]; refusal: string };

/** Refuses a user whose role the rule does not admit (403, with the rule's reason when it has one). */
function assertRole(rule: AuthRule, user: UserRow): void {
  if (rule === true) return;
  const { roles, refusal } = "roles" in rule ? rule : { roles: rule, refusal: undefined };
  if (!roles.includes(user.role)) throw forbidden(refusal);
}

export const authPlugin = (deps: AppDeps) =>
  new Elysia({ name: "auth", seed: deps.instanceId }).macro({
    auth: (rule: AuthRule) => ({
      async resolve({ request }) {
        const user = await sessionUser(deps, request);
        if (!user) throw unauthorized();
        assertPasswordChosen(user, request);
        assertRole(rule, user);
        return { user };
      },
    }),
    media: (rule: AuthRule) => ({
      async resolve({ cookie, request }) {
        const byCookie = request.method === "GET" || request.method === "HEAD";
        const user =
          (await sessionUser(deps, request)) ?? (byCookie ? await userFromSessionCookie(deps, cookie) : null);
        if (!user) throw unauthorized();
        assertPasswordChosen(user, request);
        assertRole(rule, user);
        return { user };
      },
    }),
  });

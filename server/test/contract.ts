import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

/** A route as Elysia lists it in `app.routes`. */
interface ListedRoute {
  method: string;
  path: string;
  hooks?: { response?: Record<string, TSchema> };
}

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** Routes with fewer parameters win, as in the router: `/users/leaderboard` before `/users/:id`. */
function matches(routes: ListedRoute[], method: string, pathname: string): ListedRoute | undefined {
  const target = trim(pathname);
  return routes
    .filter((r) => r.method === method && r.path.startsWith("/api/"))
    .filter((r) => new RegExp(`^${trim(r.path).replace(/:[^/]+/g, "[^/]+")}$`).test(target))
    .sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0))[0];
}

/** The schema a route declares for one status, or null when no API route answers this call. */
export function declaredSchema(app: { routes: unknown }, method: string, url: string, status: number): TSchema | null | undefined {
  const route = matches(app.routes as ListedRoute[], method, new URL(url, "http://localhost").pathname);
  if (!route) return null;
  return route.hooks?.response?.[String(status)];
}

/**
 * Checks a JSON answer against the schema its route declares for that status. Throws when the
 * route declares nothing for the status or the body is outside the schema: a test then fails.
 */
export function assertDeclared(app: { routes: unknown }, method: string, url: string, status: number, json: unknown): void {
  const schema = declaredSchema(app, method, url, status);
  if (schema === null) return; // not an API route (web app, unknown path answered by the catch-all)
  if (!schema) throw new Error(`${method} ${url}: no response schema declared for status ${status}`);
  if (status === 204) return;
  if (!Value.Check(schema, json)) {
    const first = [...Value.Errors(schema, json)].slice(0, 3).map((e) => `${e.path}: ${e.message}`);
    throw new Error(`${method} ${url} → ${status}: answer outside its schema (${first.join("; ")})`);
  }
}

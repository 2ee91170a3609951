/**
 * The one place that knows the alternate names old clients send. Each request body of the
 * task routes below is rewritten (their `transform` hook, legacyTransform) into the strict shape of its schema in `common` BEFORE Elysia
 * validates it, so schemas carry one name per field and services read that name only.
 * A spec name present wins over its alias (as `titre ?? title` did); the alias is then dropped.
 * Fields this table does not name pass through untouched (the schema judges them as before).
 */

type Body = Record<string, unknown>;

/** Alias → spec name, for the task create and edit bodies. */
const TASK_ALIASES: Record<string, string> = { title: "titre", subject: "matiere", dueDate: "date" };
/** Alias → spec name, for set-groups (the spec sends `groups`). */
const SET_GROUPS_ALIASES: Record<string, string> = { groupes: "groups" };

function renamed(body: Body, aliases: Record<string, string>): Body {
  const out: Body = { ...body };
  for (const [alias, name] of Object.entries(aliases)) {
    if (!(alias in out)) continue;
    // Only an absent spec field takes the alias: a null one was, and stays, a schema error.
    if (out[name] === undefined) out[name] = out[alias];
    delete out[alias];
  }
  return out;
}

function taskBody(body: Body): Body {
  const out = renamed(body, TASK_ALIASES);
  if (out.type === "examen") out.type = "exam";
  return out;
}

/**
 * Method and route pattern → the rewrite of that route's body. The pattern is Elysia's
 * `route`: POST /api/events is declared as "/" under the /events prefix, hence the slash.
 */
const REWRITES: Record<string, (body: Body) => Body> = {
  "POST /api/events/": taskBody,
  "PUT /api/events/:id": taskBody,
  "POST /api/events/:id/update-self": taskBody,
  "POST /api/events/:id/set-groups": (body) => renamed(body, SET_GROUPS_ALIASES),
};

/**
 * The strict body of a request to `route`: the aliases of old clients renamed to the spec's
 * names. Bodies that are not JSON objects, and routes without aliases, are returned as they came.
 */
export function legacyBody(method: string, route: string, body: unknown): unknown {
  const rewrite = REWRITES[`${method} ${route}`];
  if (!rewrite || !body || typeof body !== "object" || Array.isArray(body)) return body;
  return rewrite(body as Body);
}

/**
 * The transform hook of the task routes that take an old client's body (Elysia runs it
 * before validation): only those routes pay for it, not every request of the server.
 */
export function legacyTransform(ctx: { request: Request; route: string; body: unknown }): void {
  const next = legacyBody(ctx.request.method, ctx.route, ctx.body);
  if (next !== ctx.body) ctx.body = next;
}

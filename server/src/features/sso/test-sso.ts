import { first } from "../../db/engine";
import { count } from "drizzle-orm";
import { ssoIdentities, ssoLoginCodes } from "../../db/schema";
import type { TestContext } from "../../../test/helpers";
import { throughProvider } from "./test-oidc-provider";

// What the ENT sign-in tests share: a browser's cookies at Planify, the walk from
// « Se connecter avec l'ENT » to the callback, and the rows a refusal must not leave.

/** The value a Set-Cookie of `res` gives `name` (undefined when not set). */
export function setCookie(res: Response, name: string): string | undefined {
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  return line ? decodeURIComponent(line.slice(name.length + 1).split(";")[0]!) : undefined;
}

/** GET with a cookie header, as the browser navigates. */
export const browse = (ctx: TestContext, url: string, cookie = "") =>
  ctx.app.handle(new Request(new URL(url, "http://localhost").href, { headers: cookie ? { cookie } : {} }));

/** The cookies /start gives the browser (the state and the browser binding), as a Cookie header. */
export function startCookies(start: Response): string {
  const state = setCookie(start, "planify_sso_state");
  const binding = setCookie(start, "planify_sso_browser");
  if (!binding) throw new Error(`start set no browser binding cookie (went to ${start.headers.get("location")})`);
  return [state && `planify_sso_state=${state}`, `planify_sso_browser=${binding}`].filter(Boolean).join("; ");
}

/** The web app's exchange of a one-time code, from the browser holding `cookie` (startCookies'). */
export const exchangeCode = (ctx: TestContext, code: string, cookie = "") =>
  ctx.request("POST", "/api/auth/sso/exchange", { body: { code }, headers: cookie ? { cookie } : {} });

/**
 * Start at Planify, sign in at the provider as `login`: the callback address and the cookies
 * to send with it (`stateCookie`: the state and the browser binding, also what the exchange needs).
 */
export async function startAndSignIn(ctx: TestContext, login: string, opts: { next?: string; abort?: boolean; provider?: string } = {}) {
  const next = opts.next === undefined ? "" : `?next=${encodeURIComponent(opts.next)}`;
  const start = await browse(ctx, `/api/auth/sso/${opts.provider ?? "ent"}/start${next}`);
  if (start.status !== 302) throw new Error(`start answered ${start.status}`);
  const state = setCookie(start, "planify_sso_state");
  if (!state) throw new Error(`start set no state cookie (went to ${start.headers.get("location")})`);
  const callback = await throughProvider(start.headers.get("location")!, login, { abort: opts.abort });
  return { callback, stateCookie: startCookies(start), authorization: new URL(start.headers.get("location")!) };
}

/** The `erreur` of a redirect to the error page (null when the answer went elsewhere). */
export function failureOf(res: Response): string | null {
  const location = res.headers.get("location") ?? "";
  return location.startsWith("/connexion-ent?") ? new URL(location, "http://localhost").searchParams.get("erreur") : null;
}

/** Identities and one-time codes stored: what a refusal must leave untouched. */
export const ssoRows = async (ctx: TestContext) => ({
  identities: (await first(ctx.deps.db.select({ n: count() }).from(ssoIdentities)))!.n,
  codes: (await first(ctx.deps.db.select({ n: count() }).from(ssoLoginCodes)))!.n,
});

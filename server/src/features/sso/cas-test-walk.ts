import type { TestContext } from "../../../test/helpers";
import { throughCas } from "./test-cas-server";
import { browse, setCookie, startCookies } from "./test-sso";

// The CAS tests' browser: from « Se connecter avec l'ENT » at Planify to the CAS login page,
// and back to Planify's callback with the service ticket.

/** GET /start of `provider`: the CAS login address and the cookies to send back (state and browser binding). */
export async function startCas(ctx: TestContext, opts: { next?: string; provider?: string } = {}) {
  const next = opts.next === undefined ? "" : `?next=${encodeURIComponent(opts.next)}`;
  const start = await browse(ctx, `/api/auth/sso/${opts.provider ?? "ent"}/start${next}`);
  if (start.status !== 302) throw new Error(`start answered ${start.status}`);
  const state = setCookie(start, "planify_sso_state");
  if (!state) throw new Error(`start set no state cookie (went to ${start.headers.get("location")})`);
  return { login: new URL(start.headers.get("location")!), stateCookie: startCookies(start) };
}

/** Starts at Planify and signs in at the CAS as `login`: the callback (service?ticket=ST-…) and the state cookie. */
export async function startAndSignInCas(ctx: TestContext, login: string, opts: { next?: string; provider?: string } = {}) {
  const started = await startCas(ctx, opts);
  const callback = await throughCas(started.login.href, login);
  return { ...started, callback };
}

/** The browser arriving at Planify's callback (path and query of `callback`), with `cookie`. */
export const arrive = (ctx: TestContext, callback: URL, cookie = "") => browse(ctx, callback.pathname + callback.search, cookie);

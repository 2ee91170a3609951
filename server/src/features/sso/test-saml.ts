import type { TestContext } from "../../../test/helpers";
import type { SamlFaults, TestSamlIdp } from "./test-saml-idp";
import { browse, startCookies } from "./test-sso";

// The walk of a SAML sign-in in the tests: start at Planify, the IdP's answer, the browser's POST to the ACS.

/**
 * Start at Planify (provider `provider`), answered by the IdP for `login`: the ACS path, the form
 * to post, the subject it names and the browser's cookies (its binding, for the exchange).
 */
export async function samlAnswer(
  ctx: TestContext,
  idp: TestSamlIdp,
  login: string,
  opts: SamlFaults & { next?: string; provider?: string } = {},
) {
  const next = opts.next === undefined ? "" : `?next=${encodeURIComponent(opts.next)}`;
  const start = await browse(ctx, `/api/auth/sso/${opts.provider ?? "ent"}/start${next}`);
  if (start.status !== 302) throw new Error(`start answered ${start.status}`);
  const authUrl = new URL(start.headers.get("location")!);
  const { acs, SAMLResponse, nameID, sessionIndex } = await idp.respond(authUrl, login, opts);
  return { authUrl, acs: new URL(acs), SAMLResponse, nameID, sessionIndex, browserCookie: startCookies(start) };
}

/** The browser's POST of the IdP's form to the ACS (cross-site: no cookie). */
export const postAcs = (ctx: TestContext, acs: URL, fields: Record<string, string>) =>
  ctx.app.handle(
    new Request(new URL(acs.pathname, "http://localhost").href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );

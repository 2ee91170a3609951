import { SSO_PROVIDER_TIMEOUT_S } from "@planify/common/constants/sso";
import type { AppDeps } from "../../deps";
import { SsoError } from "./types";
import { readBounded, TooLargeError } from "../../lib/read-bounded";

// How Planify reads what an ENT serves (CAS validations, SAML metadata, OIDC failures): one rule
// for every kind. Only a network failure (refused, reset, DNS, TLS, timeout, a body that never
// ends) is « ENT injoignable », as are the gateway statuses 502/503/504 that say the ENT behind
// them is down; any other HTTP error or an unreadable document is REPONSE_ENT_INVALIDE.

/** Network error codes (Node's and Bun's) that mean the ENT was never reached, TLS included. */
const NETWORK_CODES =
  /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|ConnectionRefused|ConnectionClosed|ConnectionReset|FailedToOpenSocket|UNABLE_TO_.*|CERT_.*|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_.*|ERR_SSL_.*)$/;

/** True for failures to reach the provider at all (refused, reset, DNS, TLS, timeout); false for an answer Planify refuses. */
export function networkFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = error; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { name, code } = e as { name?: string; code?: string };
    if (name === "TimeoutError" || name === "AbortError" || name === "FailedToOpenSocket") return true;
    if (code && NETWORK_CODES.test(code)) return true;
    // undici's « fetch failed » is a TypeError without a code; a coded one is a library's argument check.
    if (name === "TypeError" && !code && /fetch failed/i.test((e as Error).message ?? "")) return true;
  }
  return false;
}

/** The HTTP status of the ENT's answer a library's error carries (oauth4webapi keeps the Response as its cause), if any. */
export function answerStatus(error: unknown): number | null {
  const seen = new Set<unknown>();
  for (let e = error; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    if (e instanceof Response) return e.status;
    const status = (e as { status?: unknown }).status;
    if (typeof status === "number") return status;
  }
  return null;
}

/** The code an HTTP error status of the ENT means (see above). */
export const statusFailure = (status: number) =>
  status === 502 || status === 503 || status === 504 ? "ENT_INJOIGNABLE" : "REPONSE_ENT_INVALIDE";

/**
 * GET `url` within the provider timeout (the whole answer, body included: a body that trickles
 * forever is cut at the timeout) and at most `max` bytes. Resolves with the status and text;
 * rejects with an SsoError: ENT_INJOIGNABLE for a network failure, REPONSE_ENT_INVALIDE when too large.
 */
export async function fetchBounded(
  deps: AppDeps,
  url: string | URL,
  max: number,
  opts: { headers?: Record<string, string>; redirect?: "error" | "follow" } = {},
): Promise<{ status: number; text: string }> {
  const signal = AbortSignal.timeout((deps.sso?.timeoutSeconds ?? SSO_PROVIDER_TIMEOUT_S) * 1000);
  try {
    const res = await fetch(url, { signal, redirect: opts.redirect ?? "error", headers: opts.headers ?? {} });
    return { status: res.status, text: await readBounded(res, max) };
  } catch (error) {
    if (error instanceof TooLargeError) throw new SsoError("REPONSE_ENT_INVALIDE", error.message);
    // Only the error's name and code: a message may repeat the address, whose query can hold a CAS ticket.
    const { name, code } = error as { name?: string; code?: string };
    const failure = networkFailure(error) || signal.aborted ? "ENT_INJOIGNABLE" : "REPONSE_ENT_INVALIDE";
    throw new SsoError(failure, `${name ?? "erreur"}${code ? ` ${String(code).slice(0, 40)}` : ""}`);
  }
}

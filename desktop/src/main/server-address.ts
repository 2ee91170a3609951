import type { ServerCheck } from "../shared/ipc";

/** Minimal fetch signature, so tests can pass Node's fetch and the app Electron's net.fetch. */
export type FetchLike = (
  url: string,
  init?: { signal?: AbortSignal; headers?: Record<string, string>; redirect?: "follow" | "error" | "manual" },
) => Promise<Response>;

export const ADDRESS_MESSAGES = {
  invalid: "Cette adresse n'est pas valide. Exemple : https://planify.mon-etablissement.fr",
  unreachable: "Le serveur ne répond pas à cette adresse. Vérifiez l'adresse et votre connexion, puis réessayez.",
  "not-planify": "Cette adresse répond, mais ce n'est pas un serveur Planify. Vérifiez l'adresse donnée par votre établissement.",
  certificate:
    "Le certificat de sécurité de ce serveur n'est pas valide : la connexion n'est pas sûre. Prévenez l'administrateur de votre établissement.",
} as const;

const CHECK_TIMEOUT_MS = 8000;

/**
 * Turns what a user typed ("planify.lycee.fr", "https://planify.lycee.fr/devoirs") into the
 * server's origin. HTTPS is assumed when no scheme is given; plain HTTP is kept only when typed.
 */
export function normaliseAddress(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 2048 || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    // Not a URL: the setup page says the address is invalid.
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.origin;
}

/** Chromium (net::ERR_CERT_*) and Node (CERT_HAS_EXPIRED, SELF_SIGNED…) both name certificate failures. */
function isCertificateError(error: unknown): boolean {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { message, code, cause } = e as { message?: unknown; code?: unknown; cause?: unknown };
    parts.push(String(message ?? ""), String(code ?? ""));
    e = cause;
  }
  return /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/i.test(parts.join(" "));
}

function fail(reason: Exclude<ServerCheck, { ok: true }>["reason"]): ServerCheck {
  return { ok: false, reason, message: ADDRESS_MESSAGES[reason] };
}

/** Calls `<origin>/api/health` and says, in French, whether a Planify server answers there. */
export async function checkServer(input: string, fetchImpl: FetchLike, timeoutMs = CHECK_TIMEOUT_MS): Promise<ServerCheck> {
  const origin = normaliseAddress(input);
  if (!origin) return fail("invalid");
  let res: Response;
  try {
    res = await fetchImpl(`${origin}/api/health`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  } catch (error) {
    return fail(isCertificateError(error) ? "certificate" : "unreachable");
  }
  // 503 `low-disk` is a Planify server whose disk is filling up: still the school's server.
  if (!res.ok && res.status !== 503) return fail("not-planify");
  // A redirect elsewhere (captive portal, another site) is not the school's Planify.
  if (res.url && new URL(res.url).origin !== origin) return fail("not-planify");
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return fail("not-planify");
  }
  const { status, version } = (body ?? {}) as { status?: unknown; version?: unknown };
  const healthy = res.ok ? status === "ok" : status === "low-disk";
  if (!healthy || typeof version !== "string") return fail("not-planify");
  return { ok: true, origin, version };
}

/** The app's URL scheme: planify://devoirs/<id> opens that task. */
export const PROTOCOL = "planify";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The web app path a deep link leads to, or null for anything we do not know. Only known
 * shapes become paths, so a link can never point the window at another site.
 */
export function parseDeepLink(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not a URL: the link is ignored (the app opens on its home page).
    return null;
  }
  if (url.protocol !== `${PROTOCOL}:`) return null;
  // planify://devoirs/abc parses with host "devoirs" and path "/abc".
  const parts = [url.hostname, ...url.pathname.split("/")].filter(Boolean).map((p) => decodeURIComponent(p));
  if (parts[0] === "devoirs" && parts.length === 1) return "/devoirs";
  if (parts[0] === "devoirs" && parts.length === 2 && ID.test(parts[1] ?? "")) return `/devoirs?tache=${parts[1]}`;
  return null;
}

/** The first deep link among command-line arguments (Windows and Linux pass it there). */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  const arg = argv.find((a) => a.toLowerCase().startsWith(`${PROTOCOL}://`));
  return arg ? parseDeepLink(arg) : null;
}

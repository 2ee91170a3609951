import type { FetchLike } from "./server-address";

/** The feed the school server publishes at /desktop/version.json (see server desktop route). */
export interface VersionFeed {
  version: string;
}

export type UpdateCheck = { newer: false } | { newer: true; version: string; downloadPage: string };

/** Compares dotted versions numerically ("0.10.0" > "0.9.3"); a pre-release tag is ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .replace(/^v/, "")
      .split(/[-+]/)[0]!
      .split(".")
      .map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

/**
 * Asks the school server which desktop version it hosts. Any failure (no feed, offline)
 * means "nothing to say": the update notice is a courtesy, never an obstacle.
 */
export async function checkForUpdate(origin: string, current: string, fetchImpl: FetchLike): Promise<UpdateCheck> {
  try {
    const res = await fetchImpl(`${origin}/desktop/version.json`, { signal: AbortSignal.timeout(8000) });
    if (!res.ok) return { newer: false };
    const feed = (await res.json()) as Partial<VersionFeed>;
    if (typeof feed.version !== "string" || !/^\d+(\.\d+){0,3}/.test(feed.version)) return { newer: false };
    if (compareVersions(feed.version, current) <= 0) return { newer: false };
    return { newer: true, version: feed.version, downloadPage: `${origin}/desktop/` };
  } catch {
    return { newer: false };
  }
}

export function updateMessage(update: { version: string; downloadPage: string }, current: string) {
  return {
    title: "Mise à jour disponible",
    message: `Planify Desktop ${update.version} est disponible (vous avez la version ${current}).`,
    detail: `Téléchargez-la depuis le serveur de votre établissement : ${update.downloadPage}`,
    buttons: ["Ouvrir la page de téléchargement", "Plus tard"],
  };
}

import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Electron's binary when this machine has one: ELECTRON_OVERRIDE_DIST_PATH, or the dist/
 * folder the electron package's own install script downloads (bun does not run it here).
 */
export function electronBinary(): string | null {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const dists = override ? [override] : ["node_modules/electron/dist", "desktop/node_modules/electron/dist"].map((p) => join(repo, p));
  const names = ["electron", "electron.exe", "Electron.app/Contents/MacOS/Electron"];
  for (const dist of dists) {
    for (const name of names) if (existsSync(join(dist, name))) return join(dist, name);
  }
  return null;
}

export const SKIP_REASON =
  "Le binaire d'Electron n'est pas installé sur cette machine (son téléchargement est impossible ici) : " +
  "ce test de bout en bout de Planify Desktop s'exécute là où Electron est installé (voir desktop/README.md).";

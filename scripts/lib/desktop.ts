import { existsSync } from "node:fs";
import { join } from "node:path";
import { root } from "./paths";
import { bin, must } from "./run";

const desktop = join(root, "desktop");

/** Builds desktop/out: main process, sandboxed preload, and the first-run and offline pages. */
export async function buildDesktop(): Promise<void> {
  console.log("[planify] Construction de Planify Desktop (electron-vite build)…");
  await must([bin("electron-vite"), "build"], { cwd: desktop });
}

/** Where Electron's binary is, when this machine has one (ELECTRON_OVERRIDE_DIST_PATH or the electron package's dist). */
export function electronBinary(): string | null {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidates = override
    ? [join(override, "electron"), join(override, "electron.exe"), join(override, "Electron.app/Contents/MacOS/Electron")]
    : ["node_modules/electron/dist/electron", "desktop/node_modules/electron/dist/electron", "node_modules/electron/dist/electron.exe", "desktop/node_modules/electron/dist/electron.exe"].map((p) => join(root, p));
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** Packages the installers with electron-builder (needs Electron's binary; see desktop/README.md). */
export async function packageDesktop(targets: string[]): Promise<void> {
  if (!electronBinary()) {
    throw new Error("[planify] Electron n'est pas installé sur cette machine : l'empaquetage est impossible ici (voir desktop/README.md).");
  }
  await buildDesktop();
  await must([bin("electron-builder"), "--config", "electron-builder.yml", "--publish", "never", ...targets], { cwd: desktop });
}

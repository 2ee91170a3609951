import { join } from "node:path";
import { root } from "./paths";
import { bin, must } from "./run";
import { electronBinary } from "../../desktop/e2e/electron-binary";

export { electronBinary };

const desktop = join(root, "desktop");

/** Builds desktop/out: main process, sandboxed preload, and the first-run and offline pages. */
export async function buildDesktop(): Promise<void> {
  console.log("[planify] Construction de Planify Desktop (electron-vite build)…");
  await must([bin("electron-vite"), "build"], { cwd: desktop });
}

/** Packages the installers with electron-builder (needs Electron's binary; see desktop/README.md). */
export async function packageDesktop(targets: string[]): Promise<void> {
  if (!electronBinary()) {
    throw new Error("[planify] Electron n'est pas installé sur cette machine : l'empaquetage est impossible ici (voir desktop/README.md).");
  }
  await buildDesktop();
  await must([bin("electron-builder"), "--config", "electron-builder.yml", "--publish", "never", ...targets], { cwd: desktop });
}

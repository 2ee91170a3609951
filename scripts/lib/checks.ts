import { join } from "node:path";
import { scanBoundaries } from "./boundaries";
import { embedWeb } from "./embed-web";
import { scanEmptyCatches } from "./empty-catches";
import { root } from "./paths";
import { bin, sh } from "./run";

export interface CheckResult {
  name: string;
  ok: boolean;
}

/** Type-checks each workspace (tsc --noEmit); one result per project. */
export async function typecheck(): Promise<CheckResult[]> {
  embedWeb(); // the server imports the generated asset map
  const results: CheckResult[] = [];
  for (const project of ["common", "server", "web", "web/sw", "scripts", "desktop", "desktop/test"]) {
    console.log(`[planify] Vérification des types : ${project}`);
    const ok = (await sh([bin("tsc"), "-p", `${project}/tsconfig.json`])) === 0;
    results.push({ name: `typecheck ${project}`, ok });
  }
  return results;
}

/**
 * Biome over the repository (biome.json): lint and format together. A file off-format fails;
 * `npx biome check --write .` puts the tree back in shape.
 */
export async function lint(): Promise<CheckResult> {
  console.log("[planify] Analyse statique et format (Biome)");
  const ok = (await sh([bin("biome"), "check", "--max-diagnostics=50"])) === 0;
  return { name: "lint and format (Biome)", ok };
}

/** No web feature imports another one, and components/lib import none (scripts/lib/boundaries.ts). */
export function boundaries(): CheckResult {
  console.log("[planify] Frontières entre fonctionnalités web");
  const crossings = scanBoundaries(join(root, "web", "src"));
  for (const c of crossings) console.log(`  web/src/${c.file} → ${c.specifier} : ${c.reason}`);
  return { name: `frontières web (${crossings.length} franchissement(s))`, ok: crossings.length === 0 };
}

/** No catch swallows an error without a word: an empty `catch {}` fails (scripts/lib/empty-catches.ts). */
export function emptyCatchCheck(): CheckResult {
  console.log("[planify] Blocs catch vides (sans traitement ni commentaire)");
  const found = scanEmptyCatches(root, ["web/src", "server/src", "server/test", "desktop/src", "common/src", "scripts"]);
  for (const c of found)
    console.log(`  ${c.file}:${c.line} : catch vide ; traiter l'erreur ou dire en commentaire pourquoi elle est ignorée`);
  return { name: `catch vides (${found.length})`, ok: found.length === 0 };
}

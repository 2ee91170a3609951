import { join } from "node:path";
import { newCalls, scanApiCalls } from "./api-calls";
import { ALLOWED_API_CALLS } from "./api-calls-allowed";
import { scanBoundaries, scanServerBoundaries } from "./boundaries";
import { ALLOWED_SERVER_EDGES } from "./server-feature-edges";
import { embedWeb } from "./embed-web";
import { FIRST_PAGE_BUDGET_BYTES, firstPageWeight } from "../bench/first-page";
import { scanEmptyCatches } from "./empty-catches";
import { scanSyncQueries } from "./sync-queries";
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

/**
 * No web feature imports another one, and components/lib import none; on the server, features
 * meet only through their index, along the allowed edges, without a cycle (scripts/lib/boundaries.ts).
 */
export function boundaries(): CheckResult[] {
  console.log("[planify] Frontières entre fonctionnalités web");
  const crossings = scanBoundaries(join(root, "web", "src"));
  for (const c of crossings) console.log(`  web/src/${c.file} → ${c.specifier} : ${c.reason}`);
  console.log("[planify] Frontières entre fonctionnalités du serveur");
  const server = scanServerBoundaries(join(root, "server", "src"), ALLOWED_SERVER_EDGES);
  for (const p of server.problems) console.log(`  ${p}`);
  return [
    { name: `frontières web (${crossings.length} franchissement(s))`, ok: crossings.length === 0 },
    { name: `frontières serveur (${server.problems.length} problème(s))`, ok: server.problems.length === 0 },
  ];
}

/** No new hand-typed API path in the web: calls go through the typed client (scripts/lib/api-calls.ts). */
export function apiCalls(): CheckResult {
  console.log("[planify] Appels de l'API web par le client typé");
  const over = newCalls(scanApiCalls(join(root, "web", "src")), ALLOWED_API_CALLS);
  for (const line of over) console.log(`  ${line}`);
  return { name: `client typé (${over.length} fichier(s) avec un nouveau chemin écrit à la main)`, ok: over.length === 0 };
}

/** No catch swallows an error without a word: an empty `catch {}` fails (scripts/lib/empty-catches.ts). */
export function emptyCatchCheck(): CheckResult {
  console.log("[planify] Blocs catch vides (sans traitement ni commentaire)");
  const found = scanEmptyCatches(root, ["web/src", "server/src", "server/test", "desktop/src", "common/src", "scripts"]);
  for (const c of found)
    console.log(`  ${c.file}:${c.line} : catch vide ; traiter l'erreur ou dire en commentaire pourquoi elle est ignorée`);
  return { name: `catch vides (${found.length})`, ok: found.length === 0 };
}

/** Every server query is awaited: no SQLite-only `.get()`/`.all()`/`.run()` left (scripts/lib/sync-queries.ts). */
export function syncQueryCheck(): CheckResult {
  console.log("[planify] Requêtes synchrones (SQLite seulement) dans le serveur");
  const found = scanSyncQueries(root, "server/src");
  for (const q of found) console.log(`  ${q.file}:${q.line} : ${q.call} ; attendre la requête (await, first())`);
  return { name: `requêtes synchrones (${found.length})`, ok: found.length === 0 };
}

/**
 * The first page (the JS and CSS web/dist/index.html names, gzip -9) stays within its budget:
 * a screen or a library that should load on demand and lands in it fails here, with the files.
 */
export function firstPageBudget(dist?: string): CheckResult {
  console.log("[planify] Poids de la première page (JS + CSS, gzip -9)");
  const page = firstPageWeight(dist);
  if (!page) return { name: "première page : web/dist absent", ok: false };
  const kib = (n: number) => `${(n / 1024).toFixed(1)} Kio`;
  const ok = page.gzip <= FIRST_PAGE_BUDGET_BYTES;
  if (!ok) for (const f of [...page.files].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.url} : ${kib(f.gzip)}`);
  return { name: `première page ${kib(page.gzip)} (budget ${kib(FIRST_PAGE_BUDGET_BYTES)})`, ok };
}

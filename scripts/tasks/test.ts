// npm test: type-check, lint and format, web and server import boundaries, the web client's types fresh
// from the server's routes, unit and integration tests, build the
// executable, end-to-end tests in Chromium against it. The last line is "N passed, N failed" over every stage.
import { apiCalls, boundaries, emptyCatchCheck, firstPageBudget, lint, syncQueryCheck, typecheck } from "../lib/checks";
import { apiSchemaFresh } from "../lib/api-schema";
import { runVitest } from "../lib/vitest";
import { buildBinary } from "../lib/build";
import { runPlaywright } from "../lib/playwright";
import { buildDesktop, electronBinary } from "../lib/desktop";

let passed = 0;
let failed = 0;
const started = performance.now();
let mark = started;
/** Minutes and seconds, e.g. "12 min 05 s". */
const took = (ms: number) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")} s`;
// Each stage's line says how long it took: CI must stay under its time budget (docs/architecture.md).
const stage = (name: string, r: { passed: number; failed: number }) => {
  passed += r.passed;
  failed += r.failed;
  const now = performance.now();
  console.log(`[planify] ${name} : ${r.passed} réussi(s), ${r.failed} échoué(s) (${took(now - mark)})`);
  mark = now;
};

const check = (r: { name: string; ok: boolean }) => stage(r.name, { passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1 });
for (const r of await typecheck()) check(r);
check(await lint());
for (const r of boundaries()) check(r);
check(apiCalls());
check(await apiSchemaFresh());
check(emptyCatchCheck());
check(syncQueryCheck());
// The executable is built before the unit tests so that those which start a real server
// (the desktop address check, the kill -9 rounds) run against the compiled binary itself.
let built = true;
try {
  await buildBinary();
} catch {
  built = false;
}
stage("exécutable", { passed: built ? 1 : 0, failed: built ? 0 : 1 });
// The web build the executable embeds: its first page must stay light.
if (built) check(firstPageBudget());
stage("tests unitaires et d'intégration", await runVitest());
// The whole suite against a server on PostgreSQL and, beside it, the specs of ON_SQLITE_TOO
// (web/playwright.config.ts) against one on SQLite.
if (built) stage("tests de bout en bout (Chromium, PostgreSQL et SQLite)", await runPlaywright([], "web", "both"));
// Planify Desktop: built here every time; its Electron end-to-end test needs Electron's binary.
let desktopBuilt = true;
try {
  await buildDesktop();
} catch {
  desktopBuilt = false;
}
stage("Planify Desktop (electron-vite build)", { passed: desktopBuilt ? 1 : 0, failed: desktopBuilt ? 0 : 1 });
if (built && desktopBuilt) {
  if (!electronBinary())
    console.log(
      "[planify] Planify Desktop : test de bout en bout ignoré — le binaire d'Electron n'est pas installé sur cette machine (voir desktop/README.md).",
    );
  stage("tests de bout en bout (Electron)", await runPlaywright([], "desktop"));
}
console.log(`[planify] durée totale : ${took(performance.now() - started)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

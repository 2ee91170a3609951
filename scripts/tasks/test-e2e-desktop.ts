// Planify Desktop's Electron end-to-end test (desktop/e2e); skipped, with the reason, where
// Electron's binary is not installed.
import { buildBinary } from "../lib/build";
import { buildDesktop, electronBinary } from "../lib/desktop";
import { runPlaywright } from "../lib/playwright";

if (electronBinary()) await buildBinary();
await buildDesktop();
const r = await runPlaywright(process.argv.slice(2), "desktop");
if (r.skipped && !electronBinary())
  console.log("[planify] Test ignoré : le binaire d'Electron n'est pas installé sur cette machine (voir desktop/README.md).");
console.log(`${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
process.exit(r.failed ? 1 : 0);

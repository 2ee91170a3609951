// node scripts/run.mjs test-e2e [--postgres | --both] [playwright args…]: builds the executable,
// then runs the end-to-end suite in Chromium against it: on its embedded SQLite (default), with
// --postgres on a throw-away PostgreSQL cluster, with --both as npm test does (the suite on
// PostgreSQL, and the specs of web/playwright.config.ts's ON_SQLITE_TOO on SQLite beside it).
import { buildBinary } from "../lib/build";
import { runPlaywright } from "../lib/playwright";

const args = process.argv.slice(2);
const engine = args.includes("--postgres") ? "postgres" : args.includes("--both") ? "both" : "sqlite";
await buildBinary();
const r = await runPlaywright(
  args.filter((a) => a !== "--postgres" && a !== "--both"),
  "web",
  engine,
);
console.log(`${r.passed} passed, ${r.failed} failed`);
process.exit(r.failed ? 1 : 0);

// node scripts/run.mjs test-e2e [--postgres] [playwright args…]: builds the executable, then runs
// the end-to-end suite in Chromium against it, on its embedded SQLite (default) or, with
// --postgres, on a throw-away PostgreSQL cluster.
import { buildBinary } from "../lib/build";
import { runPlaywright } from "../lib/playwright";

const args = process.argv.slice(2);
const engine = args.includes("--postgres") ? "postgres" : "sqlite";
await buildBinary();
const r = await runPlaywright(
  args.filter((a) => a !== "--postgres"),
  "web",
  engine,
);
console.log(`${r.passed} passed, ${r.failed} failed`);
process.exit(r.failed ? 1 : 0);

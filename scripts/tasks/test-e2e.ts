import { buildBinary } from "../lib/build";
import { runPlaywright } from "../lib/playwright";
await buildBinary();
const r = await runPlaywright(process.argv.slice(2));
console.log(`${r.passed} passed, ${r.failed} failed`);
process.exit(r.failed ? 1 : 0);

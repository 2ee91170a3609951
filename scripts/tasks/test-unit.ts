import { runVitest } from "../lib/vitest";
const r = await runVitest(process.argv.slice(2));
console.log(`${r.passed} passed, ${r.failed} failed`);
process.exit(r.failed ? 1 : 0);

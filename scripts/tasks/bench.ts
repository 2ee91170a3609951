// npm run bench: every benchmark of scripts/bench, one after the other.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { root } from "../lib/paths";
import { sh } from "../lib/run";

for (const file of readdirSync(join(root, "scripts", "bench")).filter((f) => f.endsWith(".ts")).sort()) {
  console.log(`== ${file}`);
  const code = await sh([process.execPath, join("scripts", "bench", file), ...process.argv.slice(2)]);
  if (code !== 0) process.exit(code);
}

// First-page weight: what a phone downloads before the home page can render (the entry
// script, its preloaded chunks and the CSS of web/dist/index.html), raw and gzip.
// Heavy screens (editor, admin, shop, wheel) must stay out of this list.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../lib/paths";

const dist = join(root, "web", "dist");
if (!existsSync(join(dist, "index.html"))) {
  console.log("first page: web/dist is missing (run npm run build:web first)");
  process.exit(0);
}
const html = readFileSync(join(dist, "index.html"), "utf8");
const urls = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
let raw = 0;
let gz = 0;
for (const url of urls) {
  const bytes = readFileSync(join(dist, url));
  raw += bytes.length;
  gz += gzipSync(bytes, { level: 9 }).length;
}
const heavy = urls.filter((u) => /rich-text-editor|admin-page|shop-overlay|wheel-modal|subjects-manager/.test(u));
console.log(`first page: ${urls.length} files, ${(raw / 1024).toFixed(0)} KiB raw, ${(gz / 1024).toFixed(0)} KiB gzip`);
if (heavy.length) {
  console.error(`heavy screens in the first page: ${heavy.join(", ")}`);
  process.exit(1);
}

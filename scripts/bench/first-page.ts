// First-page weight, raw and gzip -9: the scripts, preloaded chunks and style sheets the app
// needs (named by web/dist/index.html: the shell other paths get, and the same files a
// guest's "/" fetches once it has painted), and what the guest's "/" paints from
// (web/dist/home.html, the page prerendered with its style sheet and theme-init.js inlined).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../lib/paths";

/** The first page's JS + CSS budget, gzip -9 (docs/architecture.md rule 9): npm test fails past it. */
export const FIRST_PAGE_BUDGET_BYTES = 110 * 1024;

interface Weighed {
  url: string;
  raw: number;
  gzip: number;
}

export interface FirstPage {
  /** The app's JS and CSS. */
  files: Weighed[];
  raw: number;
  gzip: number;
  /** What the guest's first paint waits for (null before the home page was prerendered). */
  beforePaint: { files: Weighed[]; gzip: number } | null;
}

const weigh = (dist: string, url: string): Weighed => {
  const bytes = readFileSync(join(dist, url));
  return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
/** The JS and CSS an HTML file loads itself (src/href). */
const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);

/** Reads web/dist (null when the web app is not built). */
export function firstPageWeight(dist = join(root, "web", "dist")): FirstPage | null {
  if (!existsSync(join(dist, "index.html"))) return null;
  const files = assetsOf(readFileSync(join(dist, "index.html"), "utf8"))
    .filter((url) => url !== "/theme-init.js")
    .map((url) => weigh(dist, url));
  let beforePaint: FirstPage["beforePaint"] = null;
  if (existsSync(join(dist, "home.html"))) {
    const painted = ["/home.html", ...assetsOf(readFileSync(join(dist, "home.html"), "utf8"))].map((url) => weigh(dist, url));
    beforePaint = { files: painted, gzip: painted.reduce((s, f) => s + f.gzip, 0) };
  }
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0), beforePaint };
}

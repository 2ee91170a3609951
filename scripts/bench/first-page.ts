// First-page weight: what a phone downloads before the home page can render (the scripts,
// preloaded chunks and style sheets named by web/dist/index.html), raw and gzip -9.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../lib/paths";

export interface FirstPage {
  files: { url: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

/** Reads web/dist/index.html (null when the web app is not built). */
export function firstPageWeight(dist = join(root, "web", "dist")): FirstPage | null {
  if (!existsSync(join(dist, "index.html"))) return null;
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const urls = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const files = urls.map((url) => {
    const bytes = readFileSync(join(dist, url));
    return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Calls that still name an API path by hand, outside the typed client (web/src/lib/api/client.ts):
 * api() of lib/api.ts, or a transfer of lib/transfer.ts (upload progress, downloads to disk)
 * given a string (its type asks for `routeOf(...)` of lib/api/routes.ts; a string there only
 * passes the typecheck through a cast). Each file may keep at most the count written in api-calls-allowed.json;
 * a new one fails npm test, so the list only shrinks.
 */
const CALL = /(?<![\w.$])(api|uploadFiles|uploadForm|downloadFile|downloadAndSave)\s*(<(?:[^<>]|<[^<>]*>)*>)?\s*\(\s*["'`]/g;
/** The modules that define these calls, and tests. */
const SKIP = /(^|\/)(lib\/api\.ts|lib\/transfer\.ts)$|\.test\.tsx?$|\.generated\.ts$/;

/** Code without comments and string contents, so that a call named in prose does not count. */
const codeOf = (source: string) => source.replace(/\/\*[\s\S]*?\*\/|(^|[^:"'`])\/\/.*$/gm, "$1");

/** How many hand-typed API calls a source file makes (declarations `function api(` do not count). */
export function countCalls(source: string): number {
  let n = 0;
  for (const m of codeOf(source).matchAll(CALL)) {
    const before = codeOf(source).slice(Math.max(0, (m.index ?? 0) - 9), m.index);
    if (!/function\s*$/.test(before)) n++;
  }
  return n;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** Every file of `srcDir` that makes hand-typed API calls, with their count (paths relative to srcDir). */
export function scanApiCalls(srcDir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of walk(srcDir)) {
    const rel = relative(srcDir, file).replaceAll("\\", "/");
    if (SKIP.test(rel)) continue;
    const n = countCalls(readFileSync(file, "utf8"));
    if (n > 0) counts[rel] = n;
  }
  return counts;
}

/** The files over their allowance, in French for npm test's output. */
export function newCalls(found: Record<string, number>, allowed: Record<string, number>): string[] {
  return Object.entries(found)
    .filter(([file, n]) => n > (allowed[file] ?? 0))
    .map(
      ([file, n]) =>
        `web/src/${file} : ${n} appel(s) à chemin écrit à la main (autorisé(s) : ${allowed[file] ?? 0}). Passe par apiClient (web/src/lib/api/client.ts).`,
    );
}

// Web import boundaries. Features are islands: a file in web/src/features/<a>/ may import
// its own feature, web/src/components, web/src/lib and packages, never another feature; the
// shared folders (components, lib) never import a feature, or the knot comes back through
// them. Biome's noRestrictedImports matches fixed names, so it cannot say "another feature"
// generically; this scanner can, and names each crossing.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export interface Crossing {
  /** Importing file, relative to the web source root, with forward slashes. */
  file: string;
  /** The import specifier as written. */
  specifier: string;
  /** Why it is forbidden, in French like every other test message. */
  reason: string;
}

// Static imports/exports ("import x from", "export * from", "import 'side-effect'") and
// dynamic import("..."); comments are stripped first so commented-out code does not count.
const IMPORT_RE = /(?:\bimport|\bexport)\s*(?:type\s+)?(?:[\w*${},\s]+?\s*from\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

export function importSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
  const found: string[] = [];
  for (const m of code.matchAll(IMPORT_RE)) found.push((m[1] ?? m[2])!);
  return found;
}

/** The top-level area of a path inside src: "features/<name>", "components", "lib", … */
function areaOf(pathInSrc: string): string | null {
  const parts = pathInSrc.split("/");
  if (parts[0] === "..") return null;
  if (parts[0] === "features") return parts.length > 2 ? `features/${parts[1]}` : null;
  return parts.length > 1 ? parts[0]! : null;
}

/** Checks one file's imports; `file` and the result paths are relative to the src root. */
export function crossingsOf(file: string, source: string): Crossing[] {
  const from = areaOf(file);
  if (!from) return [];
  const shared = from === "components" || from === "lib";
  if (!from.startsWith("features/") && !shared) return [];
  const out: Crossing[] = [];
  for (const specifier of importSpecifiers(source)) {
    if (!specifier.startsWith(".")) continue;
    const target = relative("/src", resolve("/src", dirname(file), specifier))
      .split(sep)
      .join("/");
    const to = areaOf(target);
    if (!to?.startsWith("features/") || to === from) continue;
    out.push({
      file,
      specifier,
      reason: shared ? `${from} ne doit importer aucune fonctionnalité (${to})` : `${from} importe une autre fonctionnalité (${to})`,
    });
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|js|jsx|mts)$/.test(name)) out.push(path);
  }
  return out;
}

/** Scans every source file under `srcDir` (web/src) and returns each forbidden import. */
export function scanBoundaries(srcDir: string): Crossing[] {
  return sourceFiles(srcDir).flatMap((path) => crossingsOf(relative(srcDir, path).split(sep).join("/"), readFileSync(path, "utf8")));
}

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

// Server feature boundaries. A folder in server/src/features/<f>/ shows other code only its
// index.ts: another feature and app.ts import `../<f>` (or `./features/<f>`), never a file
// inside it. Which feature may depend on which is an explicit list (server-feature-edges.ts)
// that can only shrink: a new edge fails, an edge no longer used must leave the list, and the
// features' dependencies must not form a cycle. Tests (`*.test.ts`, `test-*.ts` kits) assemble
// features freely and are not checked.

/** One feature → feature dependency as written in the allow-list: "coins → items". */
export type FeatureEdge = `${string} → ${string}`;

export interface ServerImport {
  /** Importing file, relative to server/src. */
  file: string;
  specifier: string;
  /** The importing feature, or null for app.ts. */
  from: string | null;
  to: string;
  /** True when the import names the feature's index (`../<f>` or `../<f>/index`). */
  viaIndex: boolean;
}

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)test-[\w-]+\.ts$/.test(file);

/** Imports of other features by one server file (a feature's file or app.ts); tests give none. */
export function serverImportsOf(file: string, source: string): ServerImport[] {
  if (isTestFile(file)) return [];
  const parts = file.split("/");
  const from = parts[0] === "features" && parts.length > 2 ? parts[1]! : null;
  if (from === null && file !== "app.ts") return [];
  const out: ServerImport[] = [];
  for (const specifier of importSpecifiers(source)) {
    if (!specifier.startsWith(".")) continue;
    const target = relative("/src", resolve("/src", dirname(file), specifier))
      .split(sep)
      .join("/");
    const t = target.split("/");
    if (t[0] !== "features" || t.length < 2 || t[1] === from) continue;
    out.push({ file, specifier, from, to: t[1]!, viaIndex: t.length === 2 || (t.length === 3 && t[2] === "index") });
  }
  return out;
}

/** Every cycle of a dependency graph, each once, as its features in order ("a → b → a"). */
export function featureCycles(edges: Iterable<FeatureEdge>): string[] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    const [a, b] = e.split(" → ") as [string, string];
    next.set(a, [...(next.get(a) ?? []), b]);
  }
  const seen = new Set<string>();
  const cycles: string[] = [];
  const walk = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const loop = path.slice(at);
      // Name each cycle from its smallest feature, so one loop is reported once.
      const start = loop.indexOf([...loop].sort()[0]!);
      const named = [...loop.slice(start), ...loop.slice(0, start)];
      const text = [...named, named[0]].join(" → ");
      if (!seen.has(text)) {
        seen.add(text);
        cycles.push(text);
      }
      return;
    }
    for (const n of next.get(node) ?? []) walk(n, [...path, node]);
  };
  for (const node of [...next.keys()].sort()) walk(node, []);
  return cycles;
}

/** What is wrong with the imports found against the allow-list, in French, one line each. */
export function serverProblems(imports: ServerImport[], allowed: readonly FeatureEdge[]): string[] {
  const problems: string[] = [];
  const used = new Set<FeatureEdge>();
  for (const i of imports) {
    const where = `server/src/${i.file} → ${i.specifier}`;
    if (!i.viaIndex)
      problems.push(`${where} : importe un fichier interne de features/${i.to} ; passer par son index (features/${i.to}/index.ts)`);
    if (i.from === null) continue;
    const edge: FeatureEdge = `${i.from} → ${i.to}`;
    used.add(edge);
    if (!allowed.includes(edge))
      problems.push(
        `${where} : nouvelle dépendance entre fonctionnalités (${edge}), absente de la liste autorisée (scripts/lib/server-feature-edges.ts), qui ne peut que raccourcir`,
      );
  }
  for (const edge of allowed)
    if (!used.has(edge))
      problems.push(`dépendance autorisée mais plus utilisée (${edge}) : la retirer de scripts/lib/server-feature-edges.ts`);
  for (const cycle of featureCycles(used)) problems.push(`cycle entre fonctionnalités du serveur : ${cycle}`);
  return problems;
}

/** Scans server/src (its features and app.ts) and returns each broken rule. */
export function scanServerBoundaries(srcDir: string, allowed: readonly FeatureEdge[]): { imports: ServerImport[]; problems: string[] } {
  const files = [join(srcDir, "app.ts"), ...sourceFiles(join(srcDir, "features"))];
  const imports = files.flatMap((path) => serverImportsOf(relative(srcDir, path).split(sep).join("/"), readFileSync(path, "utf8")));
  return { imports, problems: serverProblems(imports, allowed) };
}

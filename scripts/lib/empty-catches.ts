// Silent failures. A `catch {}` or `catch (e) {}` whose body holds nothing, not even a comment,
// swallows an error without saying why; npm test refuses it. So does a promise's
// `.catch(() => undefined)` (or `null`, `{}`, `void 0`) with no comment on its line or the line
// above. A catch either handles the error or carries a one-line comment saying why it is ignored.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

export interface EmptyCatch {
  /** File, relative to the scanned root, with forward slashes. */
  file: string;
  /** 1-based line of the `catch`. */
  line: number;
}

// `catch`, an optional binding (`(e)`, `(error: unknown)`, `({ message })`), then a body of
// whitespace only. A comment inside the braces is not whitespace, so it does not match.
const EMPTY_CATCH_RE = /\bcatch\s*(?:\([^()]*\)\s*)?\{\s*\}/g;
// A promise's rejection turned into nothing: `.catch(() => undefined)`, `.catch((_e) => {})`…
const SWALLOW_RE = /\.catch\(\s*(?:\(\s*_?\w*\s*\)|_\w*)\s*=>\s*(?:undefined|null|\{\s*\}|void 0)\s*\)/g;

/** The empty catch clauses of one source text (string and template contents are not code). */
export function emptyCatches(source: string): number[] {
  // Blank out string literals (same length, newlines kept) so that text such as "catch {}" in a
  // message or a test fixture is not taken for code.
  const code = source.replace(/(["'`])(?:\\[\s\S]|(?!\1)[^\\])*\1/g, (s) => s.replace(/[^\n]/g, " "));
  const lines: number[] = [];
  for (const m of code.matchAll(EMPTY_CATCH_RE)) lines.push(code.slice(0, m.index).split("\n").length);
  const text = source.split("\n");
  for (const m of code.matchAll(SWALLOW_RE)) {
    const line = code.slice(0, m.index).split("\n").length;
    const said = [text[line - 2], text[line - 1]].some((l) => l?.includes("//"));
    if (!said) lines.push(line);
  }
  return lines.sort((a, b) => a - b);
}

const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs)$/;
const SKIP = new Set(["node_modules", "dist", "generated"]);

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (SOURCE.test(name)) yield path;
  }
}

/** Every empty catch under the given folders (paths relative to `root`). */
export function scanEmptyCatches(root: string, folders: readonly string[]): EmptyCatch[] {
  const found: EmptyCatch[] = [];
  for (const folder of folders) {
    for (const path of sources(join(root, folder))) {
      const file = relative(root, path).split(sep).join("/");
      for (const line of emptyCatches(readFileSync(path, "utf8"))) found.push({ file, line });
    }
  }
  return found;
}

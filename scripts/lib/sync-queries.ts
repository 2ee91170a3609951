// Queries written for one engine only. Since PostgreSQL joined SQLite (issue 27), every drizzle
// query is awaited: SQLite's synchronous terminals `.get()`, `.all()`, `.run()`, `.values()` and
// `.sync()`, and drizzle's `.prepare()`, do not exist on PostgreSQL's builders. npm test refuses
// them in the server's code (tests may still use them on their own SQLite databases).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

export interface SyncQuery {
  file: string;
  line: number;
  call: string;
}

// A terminal with no argument, after a closing parenthesis or a name (a chain's last call).
// Map#get and Promise.all always take an argument; Map#values() follows a plain name, which is
// why `.values()` is matched only after `)`; so is `.sync()` (a file handle's fsync is `fh.sync()`).
const TERMINAL_RE = /[\w)\]]\s*\.(get|all|run|prepare)\(\s*\)|\)\s*\.(values|sync)\(\s*\)/g;

/** Modules that work on the SQLite file itself, by nature (opening, migrating, the write stamp). */
export const SQLITE_ONLY = ["server/src/db/client.ts", "server/src/db/migrate.ts", "server/src/lib/cache/write-stamp.ts"];

export function syncQueries(source: string): { line: number; call: string }[] {
  const code = source.replace(/(["'`])(?:\\[\s\S]|(?!\1)[^\\])*\1/g, (s) => s.replace(/[^\n]/g, "x")).replace(/\/\/.*$/gm, "");
  const text = source.split("\n");
  const found: { line: number; call: string }[] = [];
  for (const m of code.matchAll(TERMINAL_RE)) {
    const at = m.index + m[0].indexOf(".");
    const line = code.slice(0, at).split("\n").length;
    // Work on the SQLite file itself (a pragma, a probe), or a SQLite-only fast path behind
    // `engine.kind === "sqlite"`, says so on the line above.
    if (text[line - 2]?.includes("// SQLite file:") || text[line - 2]?.includes("// SQLite only:")) continue;
    found.push({ line, call: m[0].replace(/\s+/g, "") });
  }
  return found;
}

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "generated") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.ts$/.test(name) && !/\.test\.ts$|(^|[/-])test-[\w-]+\.ts$|test-kit\.ts$|test-support\.ts$/.test(name)) yield path;
  }
}

/** The synchronous query calls left in `dir` (the server's non-test sources). */
export function scanSyncQueries(root: string, dir: string): SyncQuery[] {
  const out: SyncQuery[] = [];
  for (const path of sources(join(root, dir))) {
    const file = relative(root, path).split(sep).join("/");
    if (SQLITE_ONLY.includes(file)) continue;
    for (const f of syncQueries(readFileSync(path, "utf8"))) out.push({ file, ...f });
  }
  return out;
}

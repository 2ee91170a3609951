import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { root } from "./paths";
import { bin, must } from "./run";
import { embedWeb } from "./embed-web";
import { writeLegalDocs } from "./legal-docs";
import { hasPrerender, prerenderPages } from "./prerender";

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = statSync(dir).mtimeMs;
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const full = join(dir, name);
    const st = statSync(full);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(full) : st.mtimeMs);
  }
  return newest;
}

/** Builds web/dist with Vite (and the prerendered home page) when the sources (web or common) are newer than the build. */
export async function buildWeb(force = false): Promise<void> {
  await writeLegalDocs(); // web/public/documents/*.docx, before the freshness check below
  const marker = join(root, "web", "dist", "index.html");
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const sources = Math.max(newestMtime(join(root, "web")), newestMtime(join(root, "common", "src")));
  if (force || sources > built || !hasPrerender()) {
    console.log("[planify] Construction de l'application web (vite build)…");
    await must([bin("vite"), "build", "--logLevel", "warn"], { cwd: join(root, "web") });
    await prerenderPages();
  }
  embedWeb();
}

/** Compiles dist/planify-server: API, migrations and the web app in one executable. */
export async function buildBinary(): Promise<string> {
  await buildWeb();
  // PLANIFY_DIST_DIR lets parallel e2e runs keep separate executables.
  const out = join(process.env.PLANIFY_DIST_DIR ?? join(root, "dist"), "planify-server");
  console.log("[planify] Compilation de l'exécutable dist/planify-server…");
  // Only --minify-syntax: Elysia reads the source of handlers (sucrose) to decide what to
  // parse, and whitespace or identifier minification leaves `headers` undefined in macros.
  // --bytecode: the code ships precompiled, so a start skips parsing it (first answer about a
  // third sooner); the source stays in the executable, so Elysia can still read handlers.
  await must([
    process.execPath,
    "build",
    "--compile",
    "--bytecode",
    "--minify-syntax",
    "--sourcemap",
    "--target=bun-linux-x64",
    "server/src/main.ts",
    "--outfile",
    out,
  ]);
  return out;
}

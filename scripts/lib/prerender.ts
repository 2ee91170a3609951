import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./paths";
import { bin, must } from "./run";

const web = join(root, "web");
// Inside web/node_modules so the built module finds react and react-dom from there.
const ssrOut = join(web, "node_modules", ".cache", "planify-prerender");

interface PrerenderModule {
  renderPage(location: string): Promise<string>;
  PRERENDERED_ATTR: string;
  SKIP_PRERENDER_CSS: string;
}

/**
 * Writes web/dist/home.html: web/dist/index.html with the guest home page already in #root
 * (web/src/prerender.tsx, built by Vite for the server side with the same CSS modules), so
 * "/" paints without waiting for the app's script. The server answers it for "/" only.
 */
export async function prerenderHome(): Promise<void> {
  rmSync(ssrOut, { recursive: true, force: true });
  await must([bin("vite"), "build", "--ssr", "src/prerender.tsx", "--outDir", ssrOut, "--logLevel", "warn"], { cwd: web });
  const mod = (await import(join(ssrOut, "prerender.js"))) as PrerenderModule;
  const markup = await mod.renderPage("/");
  const shell = readFileSync(join(web, "dist", "index.html"), "utf8");
  const rootTag = '<div id="root"></div>';
  if (!shell.includes(rootTag) || !shell.includes("</head>")) throw new Error("[planify] web/dist/index.html n'a pas la forme attendue pour le pré-rendu.");
  const html = shell
    .replace("</head>", `<style>${mod.SKIP_PRERENDER_CSS}</style></head>`)
    .replace(rootTag, `<div id="root" ${mod.PRERENDERED_ATTR}>${markup}</div>`);
  writeFileSync(join(web, "dist", "home.html"), html);
  rmSync(ssrOut, { recursive: true, force: true });
}

/** Whether web/dist has the prerendered home page (an older build may not). */
export function hasPrerender(): boolean {
  return existsSync(join(web, "dist", "home.html"));
}

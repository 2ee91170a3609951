import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./paths";
import { bin, must } from "./run";

const web = join(root, "web");
const dist = join(web, "dist");
// Inside web/node_modules so the built module finds react and react-dom from there.
const ssrOut = join(web, "node_modules", ".cache", "planify-prerender");

interface PrerenderModule {
  renderPage(location: string, member?: boolean): Promise<string>;
  PRERENDERED_ATTR: string;
  PRERENDERED_FOR_ATTR: string;
  PRERENDERED_META: string;
  SKIP_PRERENDER_CSS: string;
  APP_ENTRY_META: string;
  APP_MODULE_META: string;
}

/**
 * The pages the server answers with markup already in #root (server/src/plugins/static.ts picks
 * one by path and session cookie): the guest home page, and a signed-in browser's frame of the
 * two pages members open first.
 */
export const PRERENDERED_PAGES = [
  { file: "home.html", path: "/", member: false },
  { file: "member-home.html", path: "/", member: true },
  { file: "member-devoirs.html", path: "/devoirs", member: true },
] as const;

/** Replaces exactly one match of `pattern` in `html`, or fails the build (index.html changed shape). */
function replaceOnce(html: string, pattern: RegExp, by: (match: RegExpExecArray) => string): string {
  const all = [...html.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))];
  if (all.length !== 1)
    throw new Error(`[planify] pré-rendu : ${pattern} trouvé ${all.length} fois dans web/dist/index.html (une fois attendu).`);
  const match = all[0]!;
  return html.slice(0, match.index) + by(match) + html.slice(match.index + match[0].length);
}

const THEME_INIT = /<script src="\/theme-init\.js"><\/script>/;

/**
 * theme-init.js as an inline script: it must run before the first paint, and a script file
 * there costs a round trip before anything paints. The server allows it by its hash in the
 * Content-Security-Policy (server/src/plugins/static.ts computes it from the page).
 */
function inlineThemeInit(html: string): string {
  const source = readFileSync(join(dist, "theme-init.js"), "utf8");
  const script = new Bun.Transpiler({ loader: "js", minifyWhitespace: true, target: "browser" }).transformSync(source).trim();
  if (/<\/script/i.test(script)) throw new Error("[planify] pré-rendu : theme-init.js ne peut pas être mis dans une balise <script>.");
  return replaceOnce(html, THEME_INIT, () => `<script>${script}</script>`);
}

/**
 * Writes the prerendered pages into web/dist: web/dist/index.html with the page already in
 * #root (web/src/prerender.tsx, built by Vite for the server side with the same CSS modules)
 * so it paints without the app's script. Its first paint needs only the HTML: the entry
 * stylesheet and theme-init.js are inlined, and theme-init.js starts the app's script once
 * the page has painted. index.html itself (every other route) gets theme-init.js inlined too.
 */
export async function prerenderPages(): Promise<void> {
  rmSync(ssrOut, { recursive: true, force: true });
  await must([bin("vite"), "build", "--ssr", "src/prerender.tsx", "--outDir", ssrOut, "--logLevel", "warn"], { cwd: web });
  const mod = (await import(join(ssrOut, "prerender.js"))) as PrerenderModule;
  const pages = await Promise.all(
    PRERENDERED_PAGES.map(async (page) => ({ ...page, markup: await mod.renderPage(page.path, page.member) })),
  );
  rmSync(ssrOut, { recursive: true, force: true });

  const shell = readFileSync(join(dist, "index.html"), "utf8");
  for (const page of pages) writeFileSync(join(dist, page.file), prerenderedPage(shell, mod, page));
  writeFileSync(join(dist, "index.html"), inlineThemeInit(shell));
}

function prerenderedPage(shell: string, mod: PrerenderModule, page: { path: string; member: boolean; markup: string }): string {
  let html = replaceOnce(shell, /<link rel="stylesheet" crossorigin href="(\/assets\/index-[\w-]+\.css)">/, ([, href]) => {
    const css = readFileSync(join(dist, href!), "utf8");
    if (css.includes("</")) throw new Error(`[planify] pré-rendu : ${href} ne peut pas être mis dans une balise <style>.`);
    return `<style>${css}\n${mod.SKIP_PRERENDER_CSS}</style>`;
  });
  // The app's script and the modules it imports are only named here: theme-init.js fetches
  // and runs them once the page has painted, so the paint has the connection to itself.
  // Placed before theme-init.js, which starts them at once for a browser that will not see the page.
  const who = page.member ? "member" : "guest";
  const named: string[] = [`<meta name="${mod.PRERENDERED_META}" content="${who} ${page.path}">`];
  html = replaceOnce(html, /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>\s*/, ([, src]) => {
    named.push(`<meta name="${mod.APP_ENTRY_META}" content="${src}">`);
    return "";
  });
  html = html.replace(/<link rel="modulepreload" crossorigin href="(\/assets\/[\w-]+\.js)">\s*/g, (_, href: string) => {
    named.push(`<meta name="${mod.APP_MODULE_META}" content="${href}">`);
    return "";
  });
  html = replaceOnce(html, THEME_INIT, ([tag]) => `${named.join("\n    ")}\n    ${tag}`);
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    () => `<div id="root" ${mod.PRERENDERED_ATTR}="${page.path}" ${mod.PRERENDERED_FOR_ATTR}="${who}">${page.markup}</div>`,
  );
  return inlineThemeInit(html);
}

/** Whether web/dist has the prerendered home page (an older build may not). */
export function hasPrerender(): boolean {
  return PRERENDERED_PAGES.every((page) => existsSync(join(dist, page.file)));
}

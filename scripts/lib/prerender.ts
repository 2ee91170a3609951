import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./paths";
import { bin, must } from "./run";

const web = join(root, "web");
const dist = join(web, "dist");
// Inside web/node_modules so the built module finds react and react-dom from there.
const ssrOut = join(web, "node_modules", ".cache", "planify-prerender");

interface PrerenderModule {
  renderPage(location: string): Promise<string>;
  PRERENDERED_ATTR: string;
  SKIP_PRERENDER_CSS: string;
  APP_ENTRY_META: string;
  APP_MODULE_META: string;
}

/** Replaces exactly one match of `pattern` in `html`, or fails the build (index.html changed shape). */
function replaceOnce(html: string, pattern: RegExp, by: (match: RegExpExecArray) => string): string {
  const all = [...html.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))];
  if (all.length !== 1) throw new Error(`[planify] pré-rendu : ${pattern} trouvé ${all.length} fois dans web/dist/index.html (une fois attendu).`);
  const match = all[0]!;
  return html.slice(0, match.index) + by(match) + html.slice(match.index + match[0].length);
}

/**
 * Writes web/dist/home.html, what the server answers for "/": web/dist/index.html with the
 * guest home page already in #root (web/src/prerender.tsx, built by Vite for the server side
 * with the same CSS modules) so it paints without the app's script. Its first paint needs
 * only the HTML and theme-init.js: the entry stylesheet is inlined, and theme-init.js starts
 * the app's script once the page has painted.
 */
export async function prerenderHome(): Promise<void> {
  rmSync(ssrOut, { recursive: true, force: true });
  await must([bin("vite"), "build", "--ssr", "src/prerender.tsx", "--outDir", ssrOut, "--logLevel", "warn"], { cwd: web });
  const mod = (await import(join(ssrOut, "prerender.js"))) as PrerenderModule;
  const markup = await mod.renderPage("/");
  rmSync(ssrOut, { recursive: true, force: true });

  let html = readFileSync(join(dist, "index.html"), "utf8");
  html = replaceOnce(html, /<link rel="stylesheet" crossorigin href="(\/assets\/index-[\w-]+\.css)">/, ([, href]) => {
    const css = readFileSync(join(dist, href!), "utf8");
    if (css.includes("</")) throw new Error(`[planify] pré-rendu : ${href} ne peut pas être mis dans une balise <style>.`);
    return `<style>${css}\n${mod.SKIP_PRERENDER_CSS}</style>`;
  });
  // The app's script and the modules it imports are only named here: theme-init.js fetches
  // and runs them once the page has painted, so the paint has the connection to itself.
  // Placed before theme-init.js, which starts them at once for a browser that will not see the page.
  const named: string[] = [];
  html = replaceOnce(html, /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>\s*/, ([, src]) => {
    named.push(`<meta name="${mod.APP_ENTRY_META}" content="${src}">`);
    return "";
  });
  html = html.replace(/<link rel="modulepreload" crossorigin href="(\/assets\/[\w-]+\.js)">\s*/g, (_, href: string) => {
    named.push(`<meta name="${mod.APP_MODULE_META}" content="${href}">`);
    return "";
  });
  html = replaceOnce(html, /<script src="\/theme-init\.js"><\/script>/, ([tag]) => `${named.join("\n    ")}\n    ${tag}`);
  html = replaceOnce(html, /<div id="root"><\/div>/, () => `<div id="root" ${mod.PRERENDERED_ATTR}>${markup}</div>`);
  writeFileSync(join(dist, "home.html"), html);
}

/** Whether web/dist has the prerendered home page (an older build may not). */
export function hasPrerender(): boolean {
  return existsSync(join(dist, "home.html"));
}

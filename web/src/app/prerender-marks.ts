// How the build's prerendered pages (web/src/prerender.tsx, scripts/lib/prerender.ts) meet the
// browser. public/theme-init.js spells the same names (it cannot import).
//
// Three pages are prerendered: the guest home page ("/"), and for a signed-in browser the
// frame of "/" and of "/devoirs" (top bar with the member widgets' room, the page or the
// homework list's frame), so that each paints with the HTML, before the app's script.

/** On #root: the path the markup in it was rendered for ("/", "/devoirs"). */
export const PRERENDERED_ATTR = "data-prerendered";
/** On #root: who that markup is for, "guest" or "member" (a member frame holds no one's data). */
export const PRERENDERED_FOR_ATTR = "data-prerendered-for";
/** Name of the <meta> in <head> saying the same for theme-init.js, which runs before #root is parsed: content "guest /" or "member /devoirs". */
export const PRERENDERED_META = "planify-prerendered";
/**
 * On <html>, set by theme-init.js before the first paint: this browser must not see that
 * markup (it is another path's, kept by the service worker, or made for a guest and this
 * browser is signed in, or the other way round).
 */
export const SKIP_PRERENDER_ATTR = "data-skip-prerender";
/**
 * Hides the prerendered markup from a browser marked above, until the app renders the right
 * page; and the theme toggle's icon (drawn for the light theme) from a browser whose choice
 * is dark or auto, until the app has drawn its own (main.tsx then drops PRERENDERED_ATTR).
 */
export const SKIP_PRERENDER_CSS = `html[${SKIP_PRERENDER_ATTR}] #root[${PRERENDERED_ATTR}]{display:none}html[data-theme-choice-pending] #root[${PRERENDERED_ATTR}] [data-theme-choice] svg{visibility:hidden}`;
/** Name of that page's <meta> giving the app's script, which theme-init.js runs after the first paint. */
export const APP_ENTRY_META = "planify-entry";
/** Name of that page's <meta>s giving the modules the app's script imports (preloaded with it). */
export const APP_MODULE_META = "planify-module";

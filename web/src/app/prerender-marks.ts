// How the build's prerendered guest home page (web/src/prerender.tsx, scripts/lib/prerender.ts)
// meets the browser. public/theme-init.js spells the same names (it cannot import).

/** On #root: it holds the guest home page rendered at build time. */
export const PRERENDERED_ATTR = "data-prerendered";
/** On <html>, set by theme-init.js before the first paint: this browser must not see that markup (signed in, or not on "/"). */
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

// Build-time entry (vite build --ssr, run by scripts/lib/prerender.ts): the guest home page as
// HTML, so "/" paints before its script arrives. The browser hydrates it (src/main.tsx).
import { prerender } from "react-dom/static";
import { App } from "./app/app";
export { APP_ENTRY_META, APP_MODULE_META, PRERENDERED_ATTR, SKIP_PRERENDER_CSS } from "./app/prerender-marks";

/** The markup of #root for a guest on `location`, every lazy part of the page included. */
export async function renderPage(location: string): Promise<string> {
  // One piece: React would otherwise move a large part to the end with an inline script to
  // put it back, which the Content-Security-Policy forbids.
  const { prelude } = await prerender(<App location={location} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return await new Response(prelude).text();
}

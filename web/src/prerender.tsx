// Build-time entry (vite build --ssr, run by scripts/lib/prerender.ts): pages as HTML, so they
// paint before their script arrives: the guest home page (the browser hydrates it, see
// src/main.tsx) and a signed-in browser's frame of "/" and "/devoirs" (rendered afresh).
import { prerender } from "react-dom/static";
import { App } from "./app/app";
import { MemberFrameProvider } from "./lib/member-frame";
export {
  APP_ENTRY_META,
  APP_MODULE_META,
  PRERENDERED_ATTR,
  PRERENDERED_FOR_ATTR,
  PRERENDERED_META,
  SKIP_PRERENDER_CSS,
} from "./app/prerender-marks";

/** The markup of #root on `location`, for a guest or as a member's frame, every lazy part of the page included. */
export async function renderPage(location: string, member = false): Promise<string> {
  // One piece: React would otherwise move a large part to the end with an inline script to
  // put it back, which the Content-Security-Policy forbids.
  const { prelude } = await prerender(
    <MemberFrameProvider value={member}>
      <App location={location} />
    </MemberFrameProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return await new Response(prelude).text();
}

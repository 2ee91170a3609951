import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { PRERENDERED_ATTR, SKIP_PRERENDER_ATTR } from "./app/prerender-marks";
import { getSession, startSession } from "./lib/session";
import { startThemeSync } from "./lib/theme-sync";
import "./styles/global.css";

startSession();
startThemeSync();
const root = document.getElementById("root")!;
// The HTML of "/" already holds the guest home page (rendered by the build): a guest there
// gets it brought to life as it stands. Anyone else had it hidden by theme-init.js and gets
// the app rendered afresh.
const guestHome = location.pathname === "/" && !getSession() && !document.documentElement.hasAttribute(SKIP_PRERENDER_ATTR);
// Buttons pressed on the prerendered page before now are noted by theme-init.js (from here
// on, React takes the clicks): pressed again once the page is in place. After a task: the
// page's content (inside the layout's Suspense boundary) hydrates after the first commit,
// and React drops a click that reaches it earlier.
const pressedEarly = window.planifyEarlyClicks?.() ?? [];
const whenHydrated = () => setTimeout(() => {
  root.removeAttribute(PRERENDERED_ATTR); // the theme toggle now shows the chosen theme
  for (const button of pressedEarly) if (button.isConnected) button.click();
});
if (root.hasAttribute(PRERENDERED_ATTR) && guestHome) {
  hydrateRoot(root, <App onMounted={whenHydrated} />);
} else {
  root.replaceChildren();
  root.removeAttribute(PRERENDERED_ATTR);
  createRoot(root).render(<App />);
}

declare global {
  interface Window {
    /** Set by theme-init.js: the prerendered page's buttons pressed so far; it stops noting them. */
    planifyEarlyClicks?: () => HTMLElement[];
  }
}

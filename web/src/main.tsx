import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { PRERENDERED_ATTR, PRERENDERED_FOR_ATTR, SKIP_PRERENDER_ATTR } from "./app/prerender-marks";
import { getSession, startSession } from "./lib/session";
import { startThemeSync } from "./lib/theme-sync";
import { takeSsoCodeFromUrl } from "./features/auth/sso-landing";
import "./styles/global.css";

// First of all: the one-time code of an ENT sign-in leaves the address bar.
takeSsoCodeFromUrl();
startSession();
startThemeSync();
const root = document.getElementById("root")!;
// The HTML may hold a page rendered by the build (theme-init.js hid it if it is not this
// browser's). The guest home page is brought to life as it stands (hydrated); a member's
// frame stays on screen until the app's first render replaces it.
const prerendered = root.hasAttribute(PRERENDERED_ATTR) && !document.documentElement.hasAttribute(SKIP_PRERENDER_ATTR);
const guestHome = prerendered && root.getAttribute(PRERENDERED_FOR_ATTR) === "guest" && location.pathname === "/" && !getSession();
// Buttons pressed on the prerendered page before now are noted by theme-init.js (from here
// on, React takes the clicks): pressed again once the page is in place. After a task: the
// page's content (inside the layout's Suspense boundary) hydrates after the first commit,
// and React drops a click that reaches it earlier.
const pressedEarly = window.planifyEarlyClicks?.() ?? [];
const whenMounted = () =>
  setTimeout(() => {
    root.removeAttribute(PRERENDERED_ATTR); // the theme toggle now shows the chosen theme
    root.removeAttribute(PRERENDERED_FOR_ATTR);
    for (const button of pressedEarly) if (button.isConnected) button.click();
  });
if (guestHome) {
  hydrateRoot(root, <App onMounted={whenMounted} />);
} else if (prerendered) {
  // React empties #root when it commits its first render: no blank frame in between.
  createRoot(root).render(<App onMounted={whenMounted} />);
} else {
  root.replaceChildren();
  root.removeAttribute(PRERENDERED_ATTR);
  root.removeAttribute(PRERENDERED_FOR_ATTR);
  createRoot(root).render(<App />);
}

declare global {
  interface Window {
    /** Set by theme-init.js: the prerendered page's buttons pressed so far; it stops noting them. */
    planifyEarlyClicks?: () => HTMLElement[];
  }
}

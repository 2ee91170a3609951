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
if (root.hasAttribute(PRERENDERED_ATTR) && guestHome) {
  hydrateRoot(root, <App />);
} else {
  root.replaceChildren();
  root.removeAttribute(PRERENDERED_ATTR);
  createRoot(root).render(<App />);
}

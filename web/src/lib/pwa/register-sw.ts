// Registers /sw.js (built from web/sw/sw.ts) and reports a waiting update. Loaded with the
// layout's connectivity widgets, after the first paint: nothing here is on the first page.
import { getDesktopBridge } from "../desktop-bridge";
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "./service-worker-url";

/** How often an open app asks the server for a new worker (the browser also checks on each visit). */
const UPDATE_CHECK_MS = 60 * 60_000;

export interface UpdateReady {
  /** Asks the waiting worker to take over; the page reloads once it has. */
  apply(): void;
}

/**
 * Registers the service worker, except inside Planify Desktop: the shell shows its own
 * offline page when the school server cannot be reached, which a worker's cached page would
 * hide. `onUpdate` is called when a new version is installed and waiting. `onFirstControl` is
 * called when a first worker takes control of a page loaded without one: that page's data was
 * fetched before any worker could keep a copy, so it should be fetched once more through it.
 */
export function registerServiceWorker(onUpdate: (update: UpdateReady) => void, onFirstControl?: () => void): () => void {
  // Not under `vite` in development either: /sw.js only exists in a build.
  if (import.meta.env.DEV || !("serviceWorker" in navigator) || !window.isSecureContext || getDesktopBridge()) return () => undefined;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let reloadAsked = false;
  // Loaded without a worker: the first one to take control is a first install, not an update.
  let uncontrolled = !navigator.serviceWorker.controller;
  const onControllerChange = () => {
    // The first install also takes control (clients.claim): only a chosen update reloads.
    if (reloadAsked) return window.location.reload();
    if (uncontrolled && navigator.serviceWorker.controller && !stopped) {
      uncontrolled = false;
      onFirstControl?.();
    }
  };
  navigator.serviceWorker.addEventListener("controllerchange", onControllerChange);
  const offer = (worker: ServiceWorker) => {
    if (stopped) return;
    onUpdate({
      apply: () => {
        reloadAsked = true;
        worker.postMessage({ type: "SKIP_WAITING" });
      },
    });
  };
  // After the page's own loads: the worker then fetches the whole app shell in the background.
  const loaded =
    document.readyState === "complete" ? Promise.resolve() : new Promise((done) => window.addEventListener("load", done, { once: true }));
  void loaded
    .then(() => navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }))
    .then((reg) => {
      // A worker already waiting (installed by another tab, or ignored last time).
      if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
      reg.addEventListener("updatefound", () => {
        const next = reg.installing;
        next?.addEventListener("statechange", () => {
          // With no controller this is the first install, not an update.
          if (next.state === "installed" && navigator.serviceWorker.controller) offer(next);
        });
      });
      // An update check that fails (offline) is tried again at the next interval.
      timer = setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch((error) => console.warn("Service worker non enregistré", error));
  return () => {
    stopped = true;
    clearInterval(timer);
    navigator.serviceWorker.removeEventListener("controllerchange", onControllerChange);
  };
}

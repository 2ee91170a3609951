// Planify's service worker, built by vite-plugin-pwa (injectManifest) into /sw.js.
// - The app shell: every hashed asset of the build is precached (Workbox), so the app opens
//   without a connection. index.html is NOT precached: pages are network-first, the last copy
//   is only used offline, so an online visit never gets an old build.
// - A few API reads (the task list, a task, the user's own hand-in) are network-first too,
//   their last answer kept in a cache named after the session (a hash of its token): a cached
//   answer is only ever given back to the session that fetched it, a new session drops the
//   others, and the page deletes them all at logout. Nothing else of the API is touched:
//   writes and every other call go straight to the network.
// - Updates: a new worker waits until the page asks it to take over ('Recharger').
// - Reminders: Web Push messages become notifications (push.ts).
import "./push";
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { API_CACHE_PREFIX, FROM_CACHE_HEADER } from "../src/lib/pwa/service-worker-url";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const PAGE_CACHE = "planify-page";
/** The reads that stay available offline: the list (and older pages), mine, one task, one's hand-in. */
const OFFLINE_READS = [/^\/api\/events\/?$/, /^\/api\/events\/[^/]+$/, /^\/api\/events\/[^/]+\/my-submission$/];

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
// The first install takes the open page at once, so that it already works offline. (An
// update still waits for 'Recharger': a worker only activates at once when none is active.)
// The page was loaded before any worker: its copy is taken now, so that reloading it
// offline after one single visit finds it. The page then fetches its data once more through
// the worker (src/lib/pwa/register-sw.ts), which keeps the lists as usual.
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim().then(keepOpenPage)));

function marked(res: Response): Response {
  const headers = new Headers(res.headers);
  headers.set(FROM_CACHE_HEADER, "1");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** Network first; the last good answer from `cacheName` when the network fails. */
async function networkFirst(
  request: Request,
  cacheName: string,
  cacheKey: Request | string = request,
  onStored?: () => Promise<void>,
  type = "json",
): Promise<Response> {
  try {
    const res = await fetch(request);
    if (res.ok && (res.headers.get("content-type") ?? "").includes(type)) {
      const cache = await caches.open(cacheName);
      await cache.put(cacheKey, res.clone());
      await onStored?.();
    }
    return res;
  } catch (error) {
    const cached = (await caches.has(cacheName)) ? await (await caches.open(cacheName)).match(cacheKey, { ignoreVary: true }) : undefined;
    if (cached) return marked(cached);
    throw error;
  }
}

/** The app's own pages (client routes): not the API, files, the desktop download page or a file name. */
const isAppPage = (path: string) => !/^\/(api|uploads|desktop)(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);

// Pages: every client route is the same index.html, kept under one key (an HTML answer only).
registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.origin === self.location.origin && isAppPage(url.pathname),
  ({ request }) => networkFirst(request, PAGE_CACHE, "/index.html", undefined, "text/html"),
);

// /theme-init.js (not precached: an online page always gets the current one) is kept like
// the page: offline it still applies the theme, and it starts the app on the prerendered home
// page (the last page kept may be that one).
registerRoute(
  ({ request, url }) => url.origin === self.location.origin && url.pathname === "/theme-init.js" && request.method === "GET",
  ({ request }) => networkFirst(request, PAGE_CACHE, "/theme-init.js", undefined, "javascript"),
);

/** Keeps a copy of a page an open window shows, and of the theme script: the first visit already works offline. */
async function keepOpenPage(): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.map((w) => new URL(w.url)).find((u) => u.origin === self.location.origin && isAppPage(u.pathname));
  if (!open) return;
  const keep = (request: Request, key: string, type: string) =>
    networkFirst(request, PAGE_CACHE, key, undefined, type).catch(() => undefined);
  await Promise.all([
    keep(new Request(open.href, { credentials: "same-origin", headers: { Accept: "text/html" } }), "/index.html", "text/html"),
    keep(new Request("/theme-init.js", { credentials: "same-origin" }), "/theme-init.js", "javascript"),
  ]);
}

async function sessionKey(authorization: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(authorization));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin && request.headers.has("authorization") && OFFLINE_READS.some((re) => re.test(url.pathname)),
  async ({ request }) => {
    const name = API_CACHE_PREFIX + (await sessionKey(request.headers.get("authorization") ?? ""));
    // One session's copies at a time: another user's (or an older login's) go.
    const dropOthers = async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(API_CACHE_PREFIX) && n !== name).map((n) => caches.delete(n)));
    };
    return networkFirst(request, name, request, dropOthers);
  },
  "GET",
);

/** The app's service worker (built from web/sw/sw.ts) and its scope: the whole site. */
export const SERVICE_WORKER_URL = "/sw.js";
export const SERVICE_WORKER_SCOPE = "/";
/** Prefix of the service worker's per-session caches of API answers (the page clears them at logout). */
export const API_CACHE_PREFIX = "planify-api-";
/** Marks an answer the service worker served from its cache (the page then knows it is offline). */
export const FROM_CACHE_HEADER = "x-planify-offline";

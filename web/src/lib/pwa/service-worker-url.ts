/** The app's service worker (built from web/sw/sw.ts) and its scope: the whole site. */
export const SERVICE_WORKER_URL = "/sw.js";
export const SERVICE_WORKER_SCOPE = "/";

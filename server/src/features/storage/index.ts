// The public face of features/storage: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { storageRoutes } from "./routes";
export { assertWithinQuota, checkMediaQuota, checkQuota, profileMediaBytes, quotaOf, taskFilesBytes } from "./usage";

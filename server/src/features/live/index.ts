// The public face of features/live: what app.ts may import. Everything else in this folder is
// internal (checked by scripts/lib/boundaries.ts).
export { liveRoutes } from "./routes";

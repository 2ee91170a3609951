// The public face of features/health: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { healthRoutes } from "./routes";

// The public face of features/desktop: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { desktopRoutes } from "./routes";

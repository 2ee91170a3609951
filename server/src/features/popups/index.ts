// The public face of features/popups: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { popupsRoutes } from "./routes";

// The public face of features/hand-ins: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { handInsRoutes } from "./routes";

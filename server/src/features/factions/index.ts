// The public face of features/factions: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { factionsRoutes } from "./routes";
export { multiplierOfUser, priceForUser } from "./pricing";

// The public face of features/coins: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { coinsRoutes } from "./routes";
export { removeOwned, removeOwnedIn } from "./inventory";
export { payTaskMilestones } from "./milestones";

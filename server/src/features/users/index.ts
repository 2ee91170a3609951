// The public face of features/users: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { usersRoutes } from "./routes";
export { grantAccountRewards } from "./account-rewards";
export { getUser, insertAccount } from "./service";

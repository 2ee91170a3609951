// The public face of features/users-admin: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { usersAdminRoutes, usersManageRoutes } from "./routes";

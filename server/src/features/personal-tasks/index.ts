// The public face of features/personal-tasks: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { personalTasksRoutes } from "./routes";
export { personalTaskSource } from "./source";

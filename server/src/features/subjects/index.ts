// The public face of features/subjects: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { subjectsRoutes } from "./routes";
export { seesEverything, subjectAccess } from "./access";

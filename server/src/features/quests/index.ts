// The public face of features/quests: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { questRewardRoutes, questsRoutes } from "./routes";
export { recordSeasonWon, recordSpin, recordTaskCompleted } from "./hooks";
export type { QuestTasks } from "./today";

// The server features that may depend on one another: "a → b" lets a file of features/a import
// features/b through its index. The list can only shrink: a new edge fails `npm test`
// (scripts/lib/boundaries.ts) and an edge no longer used must be removed. Before adding one, ask
// whether the shared code is infrastructure that belongs in server/src/lib or server/src/db.
// No cycle may form between features.
import type { FeatureEdge } from "./boundaries";

export const ALLOWED_SERVER_EDGES: readonly FeatureEdge[] = [
  "calendar → tasks",
  "codes → items",
  "coins → factions",
  "coins → item-creator",
  "coins → items",
  "coins → quests",
  "coins → users",
  "factions → quests",
  "gifts → coins",
  "gifts → item-creator",
  "gifts → items",
  "gifts → users",
  "hand-ins → reminders",
  "hand-ins → subjects",
  "hand-ins → tasks",
  "items → item-creator",
  "personal-tasks → tasks",
  "profiles → storage",
  "proposals → tasks",
  "profiles → users",
  "reminders → subjects",
  "reminders → tasks",
  "rollover → proposals",
  "rollover → tasks",
  "school-timetable → calendar",
  "storage → subjects",
  "tasks → coins",
  "tasks → quests",
  "tasks → storage",
  "tasks → subjects",
  "users → auth",
  "users → items",
  "users-admin → auth",
  "users-admin → coins",
  "users-admin → items",
  "users-admin → privacy",
  "users-admin → users",
];

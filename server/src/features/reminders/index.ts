// The public face of features/reminders: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { reminderRoutes } from "./routes";
export { sendNotices, type Notice } from "./notices";

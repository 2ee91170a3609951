// The public face of features/calendar: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { calendarRoutes } from "./routes";
export { PARIS_VTIMEZONE } from "./ics";

// The public face of features/school-settings: the admin routes of the school-wide settings
// (read by other features through lib/school-settings.ts).
export { schoolSettingsRoutes } from "./routes";

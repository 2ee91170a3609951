// The public face of features/sso (ENT sign-in): what app.ts and main.ts may import.
export { ssoRoutes } from "./routes";
export { ssoAdminRoutes } from "./admin-routes";
export { loadSsoConfig, parseSsoConfig } from "./config-file";
export type { SsoAccounts, SsoProvider, SsoSettings } from "./types";

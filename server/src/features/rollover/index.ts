// The public face of features/rollover: « Nouvelle année scolaire » (preview, run, archives, reactivation).
export { rolloverRoutes } from "./routes";

import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

/** Liveness for load balancers and the set-up check; no session needed. */
export const healthRoutes = (deps: AppDeps) =>
  new Elysia().get("/health", () => {
    deps.sqlite.query("SELECT 1").get();
    return { status: "ok", version: deps.settings.version };
  });

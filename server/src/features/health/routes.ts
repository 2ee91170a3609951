import { Elysia } from "elysia";
import { HealthResponse } from "@planify/common/schemas/items";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";

/** Liveness for load balancers and the set-up check; no session needed. */
export const healthRoutes = (deps: AppDeps) =>
  new Elysia().get("/health", () => {
    deps.sqlite.query("SELECT 1").get();
    return { status: "ok" as const, version: deps.settings.version };
  }, { response: replies({ 200: HealthResponse }) });

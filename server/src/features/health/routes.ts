import { Elysia } from "elysia";
import { HealthResponse } from "@planify/common/schemas/items";
import type { AppDeps } from "../../deps";
import { diskOf } from "../../lib/disk";
import { replies } from "../../lib/responses";

/**
 * Liveness for load balancers and the set-up check; no session needed. It names the database
 * engine, and answers 503 `database-unavailable` when the database does not answer. Below the free-space
 * threshold IT set, the answer is a 503 `low-disk`, so monitoring sees the disk filling before
 * students see refusals. The disk is measured at most every few seconds (lib/disk).
 */
export const healthRoutes = (deps: AppDeps) => {
  const disk = diskOf(deps);
  return new Elysia().get(
    "/health",
    async ({ set }) => {
      const engine = deps.engine.kind;
      const space = disk.space();
      try {
        await deps.engine.raw.get("SELECT 1");
      } catch (error) {
        // A load balancer takes this node out; the reason goes to the log, not to the caller.
        deps.log("error", "health: the database does not answer", {
          engine,
          error: error instanceof Error ? error.message : String(error),
        });
        set.status = 503;
        return { status: "database-unavailable" as const, version: deps.settings.version, engine, diskFreeBytes: space.freeBytes };
      }
      if (space.low) {
        set.status = 503;
        return { status: "low-disk" as const, version: deps.settings.version, engine, diskFreeBytes: space.freeBytes };
      }
      return { status: "ok" as const, version: deps.settings.version, engine, diskFreeBytes: space.freeBytes };
    },
    { response: replies({ 200: HealthResponse, 503: HealthResponse }) },
  );
};

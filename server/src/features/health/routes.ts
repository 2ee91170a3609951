import { Elysia } from "elysia";
import { HealthResponse } from "@planify/common/schemas/items";
import type { AppDeps } from "../../deps";
import { diskOf } from "../../lib/disk";
import { replies } from "../../lib/responses";

/**
 * Liveness for load balancers and the set-up check; no session needed. Below the free-space
 * threshold IT set, the answer is a 503 `low-disk`, so monitoring sees the disk filling before
 * students see refusals. The disk is measured at most every few seconds (lib/disk).
 */
export const healthRoutes = (deps: AppDeps) => {
  const disk = diskOf(deps);
  return new Elysia().get(
    "/health",
    async ({ set }) => {
      await deps.engine.raw.get("SELECT 1");
      const space = disk.space();
      if (space.low) {
        set.status = 503;
        return { status: "low-disk" as const, version: deps.settings.version, diskFreeBytes: space.freeBytes };
      }
      return { status: "ok" as const, version: deps.settings.version, diskFreeBytes: space.freeBytes };
    },
    { response: replies({ 200: HealthResponse, 503: HealthResponse }) },
  );
};

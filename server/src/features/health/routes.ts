import { Elysia } from "elysia";
import { HealthResponse, LivenessResponse } from "@planify/common/schemas/items";
import type { AppDeps } from "../../deps";
import { diskOf } from "../../lib/disk";
import { replies } from "../../lib/responses";

/**
 * Readiness for load balancers (/health, and /health/ready for orchestrators that name it) and
 * the set-up check; no session needed. A node asked to stop answers 503 `stopping` while it
 * finishes (main.ts), so the balancer sends it nothing new. It names the database
 * engine and the file storage, and answers 503 `database-unavailable` when the database does
 * not answer, `storage-unavailable` when the S3 bucket of uploads does not (on disk, the
 * uploads share the data folder's disk, which the free-space check below already watches). Below the free-space
 * threshold IT set, the answer is a 503 `low-disk`, so monitoring sees the disk filling before
 * students see refusals. The disk is measured at most every few seconds (lib/disk).
 */
/** How long the bucket's last answer stands for health (as the disk's measure, lib/disk). */
const STORAGE_CHECK_MS = 2000;

export const healthRoutes = (deps: AppDeps) => {
  const disk = diskOf(deps);
  // One request to the bucket every STORAGE_CHECK_MS at most, however many health calls come.
  let storageCheck: { at: number; problem: Promise<string | null> } | null = null;
  const storageProblem = () => {
    const now = Date.now();
    if (!storageCheck || now - storageCheck.at >= STORAGE_CHECK_MS) {
      const problem = deps.storage.check().then(
        () => null,
        (error: unknown) => {
          deps.log("error", "health: the S3 bucket does not answer", { error: error instanceof Error ? error.message : String(error) });
          return "unavailable";
        },
      );
      storageCheck = { at: now, problem };
    }
    return storageCheck.problem;
  };
  const ready = async (set: { status?: number | string }) => {
    const engine = deps.engine.kind;
    const storage = deps.storage.kind;
    const space = disk.space();
    const reply = (status: "ok" | "low-disk" | "database-unavailable" | "storage-unavailable" | "stopping") => ({
      status,
      version: deps.settings.version,
      engine,
      storage,
      diskFreeBytes: space.freeBytes,
    });
    if (deps.lifecycle?.stopping) {
      set.status = 503;
      return reply("stopping");
    }
    try {
      await deps.engine.raw.get("SELECT 1");
    } catch (error) {
      // A load balancer takes this node out; the reason goes to the log, not to the caller.
      deps.log("error", "health: the database does not answer", {
        engine,
        error: error instanceof Error ? error.message : String(error),
      });
      set.status = 503;
      return reply("database-unavailable");
    }
    if (storage === "s3" && (await storageProblem())) {
      set.status = 503;
      return reply("storage-unavailable");
    }
    if (space.low) {
      set.status = 503;
      return reply("low-disk");
    }
    return reply("ok");
  };
  const readiness = { response: replies({ 200: HealthResponse, 503: HealthResponse }) };
  return (
    new Elysia()
      // Inline handlers naming only `set`: Elysia then builds no more of the context than that.
      .get("/health", ({ set }) => ready(set), readiness)
      .get("/health/ready", ({ set }) => ready(set), readiness)
      // Liveness: the process answers. A database outage is not a reason to restart it.
      .get("/health/live", () => ({ status: "ok" as const, version: deps.settings.version }), {
        response: replies({ 200: LivenessResponse }),
      })
  );
};

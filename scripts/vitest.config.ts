import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { PG_TEST_FILES } from "../server/test/pg/files";
import { S3_TEST_FILES } from "../server/test/s3/files";

// Kept in scripts/ so the top level stays as the customer asked; paths are from the repo root.
const root = fileURLToPath(new URL("..", import.meta.url));

// Server and common tests run under the Bun runtime (`bun --bun vitest`), which they need
// for bun:sqlite and Bun.password; threads, because the forks pool fails under Bun.
export default defineConfig({
  root,
  test: {
    pool: "threads",
    // Vitest's default is one worker fewer than the cores: one worker on CI's two cores. Most test
    // files wait (servers, child processes, timers) more than they compute, so two share two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { root, test: { name: "common", include: ["common/src/**/*.test.ts"] } },
      {
        root,
        test: {
          name: "server",
          include: ["server/src/**/*.test.ts", "server/test/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      // The same server tests on PostgreSQL: one throw-away cluster for the run, a database per test app.
      // Every server test file but those server/test/pg/files.ts keeps on SQLite only, each with its reason.
      {
        root,
        test: {
          name: "server-pg",
          include: process.env.PLANIFY_PG_ALL === "1" ? ["server/src/**/*.test.ts", "server/test/**/*.test.ts"] : PG_TEST_FILES,
          env: { DATABASE_URL: "postgres://planify-test" },
          globalSetup: ["server/test/pg/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The file tests with uploads in object storage: one S3-protocol server (s3rver) for the run,
      // a prefix of its bucket per test app (server/test/s3).
      {
        root,
        test: {
          name: "server-s3",
          include: S3_TEST_FILES,
          env: { PLANIFY_TEST_STORAGE: "s3" },
          globalSetup: ["server/test/s3/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { root, test: { name: "scripts", include: ["scripts/**/*.test.ts"] } },
      // Desktop main-process modules with Electron's APIs injected: no Electron binary needed.
      {
        root,
        test: {
          name: "desktop",
          include: ["desktop/src/**/*.test.ts", "desktop/test/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      { root, test: { name: "web", include: ["web/src/**/*.test.{ts,tsx}"], environment: "happy-dom" } },
    ],
  },
});

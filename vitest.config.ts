import { defineConfig } from "vitest/config";

// Server and common tests run under the Bun runtime (`bun --bun vitest`), which they need
// for bun:sqlite and Bun.password; threads, because the forks pool fails under Bun.
export default defineConfig({
  test: {
    pool: "threads",
    projects: [
      { test: { name: "common", include: ["common/src/**/*.test.ts"] } },
      { test: { name: "server", include: ["server/src/**/*.test.ts", "server/test/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 30_000 } },
      { test: { name: "scripts", include: ["scripts/**/*.test.ts"] } },
      { test: { name: "web", include: ["web/src/**/*.test.{ts,tsx}"], environment: "happy-dom" } },
    ],
  },
});

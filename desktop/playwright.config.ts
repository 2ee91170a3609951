import { defineConfig } from "@playwright/test";
import { electronBinary } from "./e2e/electron-binary";

const PORT = Number(process.env.E2E_DESKTOP_PORT ?? 3300);
const DATA = `../.cache/e2e-desktop-data-${PORT}`;
const BINARY = process.env.PLANIFY_DIST_DIR ? `${process.env.PLANIFY_DIST_DIR}/planify-server` : "../dist/planify-server";
export const SERVER_URL = `http://127.0.0.1:${PORT}`;

/**
 * Planify Desktop end to end: Playwright drives Electron (desktop/out) against the compiled
 * server. Without Electron's binary the spec reports itself skipped, and no server starts.
 */
export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [["list"], ["json"]],
  webServer: electronBinary()
    ? {
        command: `rm -rf ${DATA} && ${BINARY} --data-dir ${DATA} --port ${PORT} --host 127.0.0.1 --demo`,
        url: `${SERVER_URL}/api/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: { PLANIFY_ADMIN_PASSWORD: "e2e-admin-password" },
        stdout: "ignore",
        stderr: "pipe",
      }
    : undefined,
});

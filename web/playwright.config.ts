import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA = `../.cache/e2e-data-${PORT}`;
const BINARY = process.env.PLANIFY_DIST_DIR ? `${process.env.PLANIFY_DIST_DIR}/planify-server` : "../dist/planify-server";
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";
// A fresh PostgreSQL database to run the suite on (scripts/lib/playwright.ts creates it in a
// throw-away cluster); without it, the server's embedded SQLite in its data folder.
const DATABASE_URL = process.env.PLANIFY_E2E_DATABASE_URL;
const ENGINE = DATABASE_URL ? ` --database-url ${DATABASE_URL}` : "";

/**
 * End-to-end tests drive Debian's Chromium (/usr/bin/chromium: Playwright cannot download
 * its own browser here) against the compiled dist/planify-server on a fresh data folder.
 */
export default defineConfig({
  testDir: "./e2e",
  outputDir: `./test-results/artifacts-${PORT}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // The service worker would answer some requests itself (and hide them from page.route):
    // specs see the network as it is; offline.spec.ts turns it back on.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
        "--lang=fr-FR",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: /admin\.spec\.ts/, use: { ...devices["Desktop Chrome"], channel: undefined } },
    // The admin spec sends faction results to every member of the demo school: it runs once
    // the others are done, so its pop-ups never cover another spec's page.
    { name: "admin", testMatch: /admin\.spec\.ts/, dependencies: ["chromium"], use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: {
    command: `rm -rf ${DATA} && ${BINARY} --data-dir ${DATA} --port ${PORT} --host 127.0.0.1 --demo${ENGINE}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PLANIFY_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, PLANIFY_DISK_MIN_FREE_MB: "0" },
    stdout: "ignore",
    stderr: "pipe",
  },
});

import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BINARY = process.env.PLANIFY_DIST_DIR ? `${process.env.PLANIFY_DIST_DIR}/planify-server` : "../dist/planify-server";
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";
// The database of the server the specs drive (scripts/lib/playwright.ts creates a fresh one in a
// throw-away PostgreSQL cluster): PLANIFY_E2E_DATABASE_URL runs the whole suite on PostgreSQL;
// PLANIFY_E2E_BOTH_DATABASE_URL (npm test) runs it on a server on PostgreSQL and, beside it, the
// specs of ON_SQLITE_TOO on a server on SQLite; neither: the whole suite on SQLite.
const DATABASE_URL = process.env.PLANIFY_E2E_DATABASE_URL;
const BOTH_URL = process.env.PLANIFY_E2E_BOTH_DATABASE_URL;
/**
 * The specs npm test also runs on SQLite, the default engine: a school's first hour (the app
 * served, signing in, the homework list with its hand-ins, the coins). The rest of the suite
 * drives the same web app and runs on PostgreSQL only there, so that npm test stays within CI's
 * budget; the server's integration tests cover every call on both engines, and
 * `node scripts/run.mjs test-e2e` runs every spec on SQLite.
 */
const ON_SQLITE_TOO = /[\\/](smoke|auth|tasks|economy)\.spec\.ts$/;
/**
 * Specs that start servers of their own (ENT providers with a school each, the reminder e-mails)
 * or read the SQLite file of the suite's server: SQLite only, whatever the suite runs on.
 */
const OWN_SERVERS = /[\\/](sso-accounts|sso-cas|sso-oidc|sso-saml|reminder-email)\.spec\.ts$/;
const PG_PORT = PORT + 1;
const ADMIN_SPEC = /admin\.spec\.ts$/;
const DESKTOP = { ...devices["Desktop Chrome"], channel: undefined };

/** A fresh server of the compiled binary on `port`, with the demo school, on SQLite or on `databaseUrl`. */
function server(port: number, databaseUrl?: string) {
  const data = `../.cache/e2e-data-${port}`;
  return {
    command: `rm -rf ${data} && ${BINARY} --data-dir ${data} --port ${port} --host 127.0.0.1 --demo${databaseUrl ? ` --database-url ${databaseUrl}` : ""}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PLANIFY_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, PLANIFY_DISK_MIN_FREE_MB: "0" },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}

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
  // The admin spec sends faction results to every member of the demo school: it runs once the
  // other specs are done with its server, so its pop-ups never cover another spec's page.
  projects: BOTH_URL
    ? [
        { name: "chromium", testMatch: [ON_SQLITE_TOO, OWN_SERVERS], use: DESKTOP },
        { name: "chromium-postgres", testIgnore: [ADMIN_SPEC, OWN_SERVERS], use: { ...DESKTOP, baseURL: `http://127.0.0.1:${PG_PORT}` } },
        {
          name: "admin-postgres",
          testMatch: ADMIN_SPEC,
          dependencies: ["chromium-postgres"],
          use: { ...DESKTOP, baseURL: `http://127.0.0.1:${PG_PORT}` },
        },
      ]
    : [
        { name: "chromium", testIgnore: ADMIN_SPEC, use: DESKTOP },
        { name: "admin", testMatch: ADMIN_SPEC, dependencies: ["chromium"], use: DESKTOP },
      ],
  webServer: BOTH_URL ? [server(PORT), server(PG_PORT, BOTH_URL)] : server(PORT, DATABASE_URL),
});

import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BINARY = process.env.PLANIFY_DIST_DIR ? `${process.env.PLANIFY_DIST_DIR}/planify-server` : "../dist/planify-server";
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";
// The database of the server the specs drive (scripts/lib/playwright.ts creates a fresh one in a
// throw-away PostgreSQL cluster): PLANIFY_E2E_DATABASE_URL runs the whole suite on PostgreSQL;
// PLANIFY_E2E_BOTH_DATABASE_URL (npm test) runs it on a second server on PostgreSQL and, beside
// it, the specs outside PG_ONLY on SQLite; neither: the whole suite on SQLite.
const DATABASE_URL = process.env.PLANIFY_E2E_DATABASE_URL;
const BOTH_URL = process.env.PLANIFY_E2E_BOTH_DATABASE_URL;
/**
 * The specs npm test runs on PostgreSQL alone: those that read and write the most of the school
 * (tasks, hand-ins, the economy, profiles, privacy, the year's rollover…), which the server's
 * integration tests cover on both engines. The others (the shell, offline, accessibility, ENT
 * sign-in…) run on both, so that npm test's time stays within CI's budget.
 */
const PG_ONLY =
  /[\\/](tasks|tasks-dashboard|personal-tasks|privacy|holidays|admin-users|my-data|profile|rollover|storage|announcements|faction-prices|factions|item-creator|economy|shop-undo|patch-notes|class-import|timetable|reminders)\.spec\.ts$/;
/**
 * Specs that start servers of their own (ENT providers with a school each, the reminder e-mails)
 * or read the SQLite file of the suite's server: SQLite only, whatever the suite runs on.
 */
const OWN_SERVERS = /[\\/](sso-accounts|sso-cas|sso-oidc|sso-saml|reminder-email)\.spec\.ts$/;
const PG_PORT = PORT + 1;
const ADMIN_SPEC = /admin\.spec\.ts$/;

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
  projects: [
    {
      name: "chromium",
      testIgnore: BOTH_URL ? [ADMIN_SPEC, PG_ONLY] : ADMIN_SPEC,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    ...(BOTH_URL
      ? [
          {
            name: "chromium-postgres",
            testIgnore: [ADMIN_SPEC, OWN_SERVERS],
            use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${PG_PORT}` },
          },
        ]
      : []),
    // The admin spec sends faction results to every member of the demo school: it runs once
    // the others are done with that server, so its pop-ups never cover another spec's page.
    { name: "admin", testMatch: ADMIN_SPEC, dependencies: ["chromium"], use: { ...devices["Desktop Chrome"], channel: undefined } },
    ...(BOTH_URL
      ? [
          {
            name: "admin-postgres",
            testMatch: ADMIN_SPEC,
            dependencies: ["chromium-postgres"],
            use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${PG_PORT}` },
          },
        ]
      : []),
  ],
  webServer: BOTH_URL ? [server(PORT), server(PG_PORT, BOTH_URL)] : server(PORT, DATABASE_URL),
});

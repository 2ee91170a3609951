import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { root } from "./paths";
import { bin, sh } from "./run";
import { startPgCluster } from "../../server/test/pg/cluster";

interface Suite {
  specs?: { tests: { status: string }[] }[];
  suites?: Suite[];
}

function count(suite: Suite, acc = { passed: 0, failed: 0, skipped: 0 }) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status === "expected" || test.status === "flaky") acc.passed++;
      else if (test.status === "skipped") acc.skipped++;
      else acc.failed++;
    }
  }
  for (const child of suite.suites ?? []) count(child, acc);
  return acc;
}

/**
 * The database the end-to-end servers run on: the embedded SQLite, a throw-away PostgreSQL, or
 * "both" (npm test): the suite on a server on PostgreSQL and, beside it, the specs of
 * web/playwright.config.ts's ON_SQLITE_TOO on a server on SQLite.
 */
export type E2eEngine = "sqlite" | "postgres" | "both";

/**
 * Runs the Playwright end-to-end tests against dist/planify-server; returns counts.
 * `workspace` picks the config: web (Chromium) or desktop (Electron, skipped without its binary).
 * On `postgres` and `both`, a throw-away cluster is started (server/test/pg/cluster.ts) and a
 * server runs on a fresh, empty database of it (it migrates it and creates the demo school itself).
 */
export async function runPlaywright(
  extra: string[] = [],
  workspace: "web" | "desktop" = "web",
  engine: E2eEngine = "sqlite",
): Promise<{ passed: number; failed: number; skipped: number }> {
  const out = join(root, workspace, "test-results", `report${engine === "sqlite" ? "" : `-${engine}`}.json`);
  rmSync(out, { force: true });
  const cluster = engine === "sqlite" ? null : await startPgCluster();
  let code: number;
  try {
    const databaseUrl = cluster ? await cluster.createDatabase({ empty: true }) : undefined;
    code = await sh([bin("playwright"), "test", "-c", `${workspace}/playwright.config.ts`, ...extra], {
      env: {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        [engine === "both" ? "PLANIFY_E2E_BOTH_DATABASE_URL" : "PLANIFY_E2E_DATABASE_URL"]: databaseUrl,
      },
    });
  } finally {
    await cluster?.stop();
  }
  try {
    const report = JSON.parse(readFileSync(out, "utf8")) as { suites: Suite[]; errors?: unknown[] };
    const acc = { passed: 0, failed: 0, skipped: 0 };
    for (const s of report.suites) count(s, acc);
    if (code !== 0 && acc.failed === 0) acc.failed = 1;
    return acc;
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { root } from "./paths";
import { bin, sh } from "./run";

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
 * Runs the Playwright end-to-end tests against dist/planify-server; returns counts.
 * `workspace` picks the config: web (Chromium) or desktop (Electron, skipped without its binary).
 */
export async function runPlaywright(
  extra: string[] = [],
  workspace: "web" | "desktop" = "web",
): Promise<{ passed: number; failed: number; skipped: number }> {
  const out = join(root, workspace, "test-results", "report.json");
  rmSync(out, { force: true });
  const code = await sh([bin("playwright"), "test", "-c", `${workspace}/playwright.config.ts`, ...extra], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
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

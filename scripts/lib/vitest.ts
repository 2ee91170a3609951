import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { root } from "./paths";
import { bin, sh } from "./run";

/** Runs vitest under the Bun runtime; returns passed/failed test counts. */
export async function runVitest(extra: string[] = []): Promise<{ passed: number; failed: number }> {
  const out = join(root, "node_modules", ".cache-vitest-report.json");
  rmSync(out, { force: true });
  const code = await sh([
    process.execPath,
    "--bun",
    bin("vitest"),
    "run",
    "--config",
    join(root, "scripts", "vitest.config.ts"),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
    ...extra,
  ]);
  try {
    const report = JSON.parse(readFileSync(out, "utf8")) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number };
    const failed = report.numFailedTests + (report.numFailedTests === 0 && code !== 0 ? Math.max(1, report.numFailedTestSuites) : 0);
    return { passed: report.numPassedTests, failed };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

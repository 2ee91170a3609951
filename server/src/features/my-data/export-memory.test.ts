import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The export streams: the server's memory stays flat whether a student has 40 MB of hand-ins
// and a short ledger or 400 MB and a ledger and journal of 60,000 rows each. Each run is a
// fresh process so that its RSS measures only the export.
const probe = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "..", "test", "export-memory-probe.ts");
const MB = 1024 * 1024;

async function exportOf(mb: number, rows: number) {
  const proc = Bun.spawn([process.execPath, probe, String(mb), String(rows)], { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(err);
  return JSON.parse(out) as { peak: number; bytes: number };
}

describe("export memory", () => {
  it("400 MB of hand-ins and 60,000 ledger and journal rows stream in far less than 64 MB, no more than a small export", async () => {
    const small = await exportOf(40, 100);
    const large = await exportOf(400, 60_000);
    expect(large.bytes).toBeGreaterThan(400 * MB);
    expect(large.peak).toBeLessThan(64 * MB);
    expect(large.peak - small.peak).toBeLessThan(32 * MB);
  }, 180_000);
});

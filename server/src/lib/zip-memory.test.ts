import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { testS3Endpoint } from "../../test/s3/storage";

// The ZIP of hand-ins streams: the server's memory stays flat whether the hand-ins weigh
// 40 MB or 400 MB. Each run is a fresh process so that its RSS measures only the archive.
const probe = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "test", "zip-memory-probe.ts");
const MB = 1024 * 1024;

async function streamZip(count: number, mb: number) {
  // The environment passed on as the test sees it (the server-s3 project's storage setting included).
  const proc = Bun.spawn([process.execPath, probe, String(count), String(mb)], { env: { ...process.env }, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(err);
  return JSON.parse(out) as { peak: number; bytes: number; names: string[]; storage: string };
}

describe("ZIP of hand-ins", () => {
  it("400 MB of files stream with far less than 64 MB of extra memory, no more than 40 MB do", async () => {
    const small = await streamZip(2, 20);
    const large = await streamZip(8, 50);
    expect(large.names).toEqual(Array.from({ length: 8 }, (_, i) => `etudiant-${i}/rendu.pdf`));
    expect(large.bytes).toBeGreaterThan(400 * MB);
    expect(large.bytes).toBeLessThan(401 * MB);
    expect(small.names).toHaveLength(2);
    // Read from the test bucket in the server-s3 project, from disk otherwise.
    expect(large.storage).toBe(testS3Endpoint() ? "s3" : "disk");
    expect(large.peak).toBeLessThan(64 * MB);
    // Ten times the data, not ten times the memory.
    expect(large.peak - small.peak).toBeLessThan(24 * MB);
  }, 120_000);
});

// Run as its own process by zip-memory.test.ts: streams a ZIP of `count` files of `mb` MB
// each (sparse files: real reads, no disk space) and prints the peak RSS above the start,
// the archive size and the names listed in its central directory.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipStream } from "../src/lib/zip";

const [count, mb] = process.argv.slice(2).map(Number) as [number, number];
const dir = mkdtempSync(join(tmpdir(), "planify-zip-mem-"));
try {
  const entries = Array.from({ length: count }, (_, i) => {
    const path = join(dir, `rendu-${i}.pdf`);
    writeFileSync(path, "");
    truncateSync(path, mb * 1024 * 1024);
    return { name: `etudiant-${i}/rendu.pdf`, path };
  });
  Bun.gc(true);
  const start = process.memoryUsage().rss;
  let peak = 0;
  let bytes = 0;
  let tail = new Uint8Array(0);
  const reader = new Response(zipStream(entries)).body!.getReader();
  for (let n = 0; ; n++) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.length;
    tail = value.length >= 65536 ? value.slice(-65536) : Uint8Array.from([...tail.slice(-(65536 - value.length)), ...value]);
    if (n % 16 === 0) peak = Math.max(peak, process.memoryUsage().rss - start);
  }
  peak = Math.max(peak, process.memoryUsage().rss - start);
  // End of central directory: entry count and where the directory starts.
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let eocd = tail.length - 22;
  while (eocd >= 0 && view.getUint32(eocd, true) !== 0x06054b50) eocd--;
  const total = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const names: string[] = [];
  for (let at = eocd - cdSize; names.length < total; ) {
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    names.push(new TextDecoder().decode(tail.slice(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extra + comment;
  }
  console.log(JSON.stringify({ peak, bytes, names }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

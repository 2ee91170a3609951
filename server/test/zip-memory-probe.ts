// Run as its own process by zip-memory.test.ts: streams a ZIP of `count` files of `mb` MB
// each (sparse files: real reads, no disk space) and prints the peak RSS above the start,
// the archive size and the names listed in its central directory. With
// PLANIFY_S3_TEST_ENDPOINT (the server-s3 project) the files are first put in the test bucket
// and the ZIP reads them from there, as the server does on S3.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diskStorage } from "../src/lib/storage";
import { zipStream } from "../src/lib/zip";
import { testS3Endpoint, testStorage } from "./s3/storage";

const [count, mb] = process.argv.slice(2).map(Number) as [number, number];
const dir = mkdtempSync(join(tmpdir(), "planify-zip-mem-"));
try {
  const storage = testS3Endpoint() ? testStorage(dir) : diskStorage(dir);
  const entries = [];
  for (let i = 0; i < count; i++) {
    const key = `rendu-${i}.pdf`;
    writeFileSync(join(dir, key), "");
    truncateSync(join(dir, key), mb * 1024 * 1024);
    if (storage.kind === "s3") await storage.write(key, Bun.file(join(dir, key)));
    entries.push({ name: `etudiant-${i}/rendu.pdf`, storage, key });
  }
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
  console.log(JSON.stringify({ peak, bytes, names, storage: storage.kind }));
  if (storage.kind === "s3") await storage.removeAll("");
} finally {
  rmSync(dir, { recursive: true, force: true });
}

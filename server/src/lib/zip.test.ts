import { unzipSync } from "fflate";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diskStorage } from "./storage";
import { uniqueNames, zipFileName, zipSegment, zipStream } from "./zip";

const dir = mkdtempSync(join(tmpdir(), "planify-zip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("zipStream", () => {
  it("streams big files in small chunks, and the archive holds them byte for byte", async () => {
    const size = 6 * 1024 * 1024;
    const entries = [0, 1, 2].map((i) => {
      writeFileSync(join(dir, `big-${i}.bin`), Buffer.alloc(size, i + 1));
      return { name: `etudiant-${i}/fichier.bin`, storage: diskStorage(dir), key: `big-${i}.bin`, mtime: Date.UTC(2026, 10, 16) };
    });
    const reader = zipStream(entries).getReader();
    const chunks: Uint8Array[] = [];
    let largest = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      largest = Math.max(largest, value.length);
      chunks.push(value);
    }
    // No chunk holds a whole file: the archive is never built in memory.
    expect(largest).toBeLessThan(2 * 1024 * 1024);
    expect(chunks.length).toBeGreaterThan(9);
    const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.length;
    }
    const files = unzipSync(all);
    expect(Object.keys(files).sort()).toEqual(["etudiant-0/fichier.bin", "etudiant-1/fichier.bin", "etudiant-2/fichier.bin"]);
    expect(files["etudiant-2/fichier.bin"]!.length).toBe(size);
    expect(files["etudiant-2/fichier.bin"]!.every((b) => b === 3)).toBe(true);
  });

  it("an empty list gives a valid empty archive", async () => {
    const bytes = new Uint8Array(await new Response(zipStream([])).arrayBuffer());
    expect(unzipSync(bytes)).toEqual({});
  });
});

describe("names", () => {
  it("the ZIP file name keeps letters, digits, dot, underscore and hyphen only", () => {
    expect(zipFileName('Rapport d\'étape n°1 / "final"')).toBe("depots-Rapport-d-etape-n-1-final.zip");
    expect(zipFileName("???")).toBe("depots.zip");
  });

  it("folder and file names lose separators and reserved characters; duplicates are numbered", () => {
    expect(zipSegment("../../etc/passwd", "x")).toBe("_.._etc_passwd");
    expect(zipSegment("  ", "etudiant")).toBe("etudiant");
    expect(uniqueNames(["a.pdf", "A.pdf", "a.pdf", "b"])).toEqual(["a.pdf", "A (2).pdf", "a (3).pdf", "b"]);
  });
});

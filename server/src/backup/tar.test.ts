import { describe, expect, it } from "vitest";
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { restoreBackup } from "./restore";
import { readTar, TarWriter } from "./tar";

// The archive is written by tar-stream since issue 24; archives written before by the
// hand-written ustar writer must still restore. The fixture is such an archive, made with
// that writer (commit "Fixture: a backup archive written by the hand-written tar writer").
const FIXTURE = join(import.meta.dirname, "../../test/fixtures/backup-hand-written-tar-0.1.0.tar.gz");
const sha = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

async function entries(file: string) {
  const out: { name: string; type: string; bytes: Buffer; sha256: string }[] = [];
  let chunks: Uint8Array[] = [];
  await readTar(
    file,
    async () => (c) => void chunks.push(c.slice()),
    (e, written) => {
      out.push({ name: e.name, type: e.type, bytes: Buffer.concat(chunks), sha256: written.sha256 });
      chunks = [];
    },
  );
  return out;
}

describe("backup archive (tar-stream)", () => {
  it("an archive written by the old hand-written writer is still restored", async () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-old-tar-"));
    const file = join(dir, "ancienne.tar");
    writeFileSync(file, gunzipSync(readFileSync(FIXTURE)));
    const target = join(dir, "donnees");
    await restoreBackup(file, target, "0.1.0");
    expect(readFileSync(join(target, "uploads", "submissions", "tache-1", "AbCdEfGhIjKlMnOpQr12.pdf"), "utf8")).toBe(
      "%PDF rendu de l'ancien format",
    );
    const db = new Database(join(target, "planify.db"), { readonly: true });
    expect(db.query("SELECT titre FROM tasks WHERE id = 'tache-1'").get()).toEqual({ titre: "Rendu écrit par l'ancien tar" });
    db.close();
    expect(readFileSync(join(target, "jwt-secret"), "utf8")).toBe("s".repeat(64));
  });

  it("round trip: what the new writer puts in (long ustar names, empty and multi-chunk files) comes back byte for byte, as ustar", async () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-new-tar-"));
    const big = new Uint8Array(2.5 * 1024 * 1024 + 3).map((_, i) => (i * 31) % 251);
    writeFileSync(join(dir, "big.bin"), big);
    writeFileSync(join(dir, "empty.bin"), "");
    const longName = `uploads/${"d".repeat(90)}/${"f".repeat(95)}.pdf`;
    const file = join(dir, "nouvelle.tar");
    const writer = await TarWriter.create(file);
    const written = [
      await writer.addFile("planify.db", join(dir, "big.bin")),
      await writer.addFile(longName, join(dir, "empty.bin")),
      await writer.addBytes("manifest.json", new TextEncoder().encode('{"é":1}'), Date.parse("2026-11-27T10:00:00Z")),
    ];
    await writer.finish();
    expect(written.map((w) => w.size)).toEqual([big.length, 0, 8]);
    const back = await entries(file);
    expect(back.map((e) => [e.name, e.type])).toEqual([
      ["planify.db", "0"],
      [longName, "0"],
      ["manifest.json", "0"],
    ]);
    expect(back[0]!.bytes.equals(Buffer.from(big))).toBe(true);
    expect(back.map((e) => e.sha256)).toEqual([sha(big), sha(new Uint8Array(0)), sha(new TextEncoder().encode('{"é":1}'))]);
    expect(written.map((w) => w.sha256)).toEqual(back.map((e) => e.sha256));
    // Same format as before: ustar headers, owner-only files; the system's tar reads it.
    const bytes = readFileSync(file);
    expect(bytes.subarray(257, 265).toString("latin1")).toBe("ustar\u000000");
    const listing = Bun.spawnSync(["tar", "tvf", file]).stdout.toString();
    expect(listing).toContain(longName);
    expect(listing.split("\n")[0]).toMatch(/^-rw------- .* planify\.db$/);
  });

  it("the old writer's archive reads entry for entry as the new reader sees it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-old-tar-"));
    const file = join(dir, "ancienne.tar");
    writeFileSync(file, gunzipSync(readFileSync(FIXTURE)));
    expect((await entries(file)).map((e) => e.name)).toEqual([
      "planify.db",
      "jwt-secret",
      "vapid-keys.json",
      "uploads/submissions/tache-1/AbCdEfGhIjKlMnOpQr12.pdf",
      "manifest.json",
    ]);
  });
});

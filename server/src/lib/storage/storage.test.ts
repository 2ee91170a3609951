import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../../../test/s3/server";
import { testS3Settings } from "../../../test/s3/storage";
import { randomToken } from "../ids";
import { ORPHAN_MIN_AGE_MS, sweepStorage } from "../orphan-sweep";
import { diskStorage, s3SettingsFromEnv, s3Storage, streamOf, type Storage } from "./index";

// The two storages answer alike: whole writes, ranged reads, listings by folder, deletes of a
// folder that leave its neighbours; on S3 the start-up sweep keeps young objects (an upload
// whose row is about to commit) and what rows point to.
let s3: TestS3;
const dir = mkdtempSync(join(tmpdir(), "planify-storage-"));
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
});

const kinds: [string, () => Storage][] = [
  ["disk", () => diskStorage(join(dir, randomToken(8)))],
  ["s3", () => s3Storage(testS3Settings(s3.endpoint))],
];
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) % 256);
const read = async (body: Blob | ReadableStream<Uint8Array>) => new Uint8Array(await new Response(streamOf(body)).arrayBuffer());

describe.each(kinds)("%s storage", (_kind, make) => {
  it("writes whole, reads a range, lists a folder and removes one folder only", async () => {
    const storage = make();
    const data = bytes(70_000);
    await storage.write("submissions/t1/a.pdf", data);
    await storage.write("submissions/t10/b.pdf", bytes(10));
    expect(await read(storage.body("submissions/t1/a.pdf"))).toEqual(data);
    expect(await read(storage.body("submissions/t1/a.pdf", { start: 65_000, end: 65_009 }))).toEqual(data.slice(65_000, 65_010));
    expect(await storage.stat("submissions/t1/a.pdf")).toMatchObject({ size: 70_000 });
    expect(await storage.stat("submissions/t1/absent.pdf")).toBeNull();
    expect((await storage.list("submissions/")).map((o) => o.key).sort()).toEqual(["submissions/t1/a.pdf", "submissions/t10/b.pdf"]);
    await storage.removeAll("submissions/t1");
    expect((await storage.list("")).map((o) => o.key)).toEqual(["submissions/t10/b.pdf"]);
    // Already gone is fine.
    await storage.remove(["submissions/t1/a.pdf", "submissions/t10/b.pdf"]);
    expect(await storage.list("")).toEqual([]);
  });

  it("a staged file appears once placed and is gone once discarded", async () => {
    const storage = make();
    const kept = await storage.stage("attachments/t2/garde.pdf", bytes(5));
    const dropped = await storage.stage("attachments/t2/jete.pdf", bytes(5));
    await kept.place();
    await dropped.discard();
    expect((await storage.list("attachments/")).map((o) => o.key)).toEqual(["attachments/t2/garde.pdf"]);
  });
});

describe("the start-up sweep on S3", () => {
  it("removes old objects no row points to, keeps young ones and referenced ones", async () => {
    const storage = kinds[1]![1]();
    const uploadsDir = join(dir, "uploads");
    for (const key of ["item-assets/garde.png", "item-assets/orpheline.png"]) await storage.write(key, bytes(3));
    const referenced = new Map([["/item-assets/garde.png", join(uploadsDir, "item-assets", "garde.png")]]);
    // Just written: an upload whose row may be about to commit stays.
    expect(await sweepStorage(storage, uploadsDir, referenced)).toEqual({ orphans: 0, staged: 0, recovered: 0 });
    const later = Date.now() + ORPHAN_MIN_AGE_MS + 60_000;
    expect(await sweepStorage(storage, uploadsDir, referenced, { now: later })).toEqual({ orphans: 1, staged: 0, recovered: 0 });
    expect((await storage.list("")).map((o) => o.key)).toEqual(["item-assets/garde.png"]);
  });
});

describe("S3 settings from the environment", () => {
  it("none without S3_BUCKET; a French refusal naming what is missing, never the secret", () => {
    expect(s3SettingsFromEnv({ S3_ENDPOINT: "http://minio:9000" })).toBeNull();
    expect(() =>
      s3SettingsFromEnv({ S3_BUCKET: "planify", S3_ENDPOINT: "http://minio:9000", S3_SECRET_ACCESS_KEY: "tres-secret" }),
    ).toThrow("Stockage objet incomplet : S3_BUCKET est donné mais il manque S3_ACCESS_KEY_ID.");
    const settings = { S3_BUCKET: "planify", S3_REGION: "eu-west-3", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "tres-secret" };
    expect(s3SettingsFromEnv(settings)).toMatchObject({ bucket: "planify", region: "eu-west-3", endpoint: undefined });
  });
});

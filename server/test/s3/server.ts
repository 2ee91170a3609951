// The S3-protocol server the tests use: s3rver (@20minutes/s3rver, from the npm registry),
// objects kept in a temp folder. Production uses MinIO, Garage, Ceph or a cloud bucket.
import S3rver from "@20minutes/s3rver";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const TEST_BUCKET = "planify-test";
/** s3rver's own credentials (it accepts these). */
export const TEST_KEY_ID = "S3RVER";
export const TEST_SECRET = "S3RVER";

export interface TestS3 {
  endpoint: string;
  /** The S3_* variables of a server process on this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts s3rver on a free loopback port with one bucket. */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "planify-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
    // s3rver signs a bucket-level request (a listing) over "/bucket" where Bun's client, like
    // AWS, signs "/bucket/": without this every listing is refused. Other requests are checked.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: TEST_KEY_ID,
      S3_SECRET_ACCESS_KEY: TEST_SECRET,
      S3_REGION: "us-east-1",
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

// The storage of a test app: the uploads folder on disk, or (server-s3 project) its own prefix
// of the test bucket, so test apps never see each other's files.
import { diskStorage, s3Storage, type S3Settings, type Storage } from "../../src/lib/storage";
import { randomToken } from "../../src/lib/ids";
import { TEST_BUCKET, TEST_KEY_ID, TEST_SECRET } from "./server";

/**
 * The test S3 server's address when the tests run on S3 (the server-s3 project sets
 * PLANIFY_TEST_STORAGE=s3; its global setup, seen by every project, gives the address), else null.
 */
export const testS3Endpoint = (): string | null =>
  process.env.PLANIFY_TEST_STORAGE === "s3" ? process.env.PLANIFY_S3_TEST_ENDPOINT || null : null;

/** Settings of a fresh part (its own prefix) of the test bucket on the test S3 server at `endpoint`. */
export const testS3Settings = (endpoint: string, prefix = `${randomToken(12)}/`): S3Settings => ({
  bucket: TEST_BUCKET,
  endpoint,
  region: "us-east-1",
  accessKeyId: TEST_KEY_ID,
  secretAccessKey: TEST_SECRET,
  prefix,
});

/** A fresh storage for one test app. */
export function testStorage(uploadsDir: string): Storage {
  const endpoint = testS3Endpoint();
  return endpoint ? s3Storage(testS3Settings(endpoint, `app-${randomToken(12)}/`)) : diskStorage(uploadsDir);
}

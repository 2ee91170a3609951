// The server-s3 project's one S3 server for the whole run: its address reaches the test
// workers through PLANIFY_S3_TEST_ENDPOINT (test/s3/storage.ts gives each app its own prefix).
import { startTestS3 } from "./server";

export default async function setup(): Promise<() => Promise<void>> {
  const s3 = await startTestS3();
  process.env.PLANIFY_S3_TEST_ENDPOINT = s3.endpoint;
  return () => s3.stop();
}

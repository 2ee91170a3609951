import { unreachableBucket } from "../../startup-errors";
import { diskStorage, type Storage } from "./index";
import { s3Storage, type S3Settings } from "./s3";

/**
 * The uploads folder, or the bucket of S3_BUCKET once it has answered; a bucket out of reach is
 * refused in French, `outcome` saying what does not happen (the start, a backup, a migration).
 */
export async function openStorage(s3: S3Settings | null, uploadsDir: string, outcome?: string): Promise<Storage> {
  if (!s3) return diskStorage(uploadsDir);
  const storage = s3Storage(s3);
  try {
    await storage.check();
  } catch (error) {
    throw unreachableBucket(s3, error, outcome);
  }
  return storage;
}

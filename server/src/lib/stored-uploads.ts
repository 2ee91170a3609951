import type { Storage } from "./storage";
import { discardUploads, placeUploads, stageUploads, type CheckedUpload, type StagedUpload } from "./files";

/**
 * Writes checked uploads into `folder` and records them, leaving nothing behind on any failure:
 * the files are staged first, `record` writes their rows (in its own transaction), and only
 * then are the files put in place. A refused `record` discards the staged files; a failed
 * placing calls `unrecord` (rows without their files would list downloads that 404).
 */
export async function storeUploads<T>(
  storage: Storage,
  folder: string,
  files: CheckedUpload[],
  record: (staged: StagedUpload[]) => Promise<T>,
  unrecord: (staged: StagedUpload[]) => Promise<void>,
): Promise<T> {
  const staged = await stageUploads(storage, folder, files);
  let recorded: T;
  try {
    recorded = await record(staged);
  } catch (error) {
    await discardUploads(staged);
    throw error;
  }
  try {
    await placeUploads(staged);
  } catch (error) {
    await unrecord(staged);
    await discardUploads(staged);
    throw error;
  }
  return recorded;
}

// What a test app holds in storage (lib/storage), the same on disk and on S3 (the server-s3
// project), so the file tests' checks mean the same thing on both.
import { listFiles } from "../src/features/tasks/test-support";
import type { AppDeps } from "../src/deps";

/** Every stored key, sorted; on disk staged files (.tmp/…) are listed too. */
export async function storedFiles(deps: Pick<AppDeps, "storage" | "uploadsDir">): Promise<string[]> {
  if (deps.storage.kind === "disk") return listFiles(deps.uploadsDir).sort();
  return (await deps.storage.list("")).map((o) => o.key).sort();
}

/** The names directly in a storage folder ("avatars/<id>"), sorted; none when there is no such folder. */
export async function storedNames(deps: Pick<AppDeps, "storage">, folder: string): Promise<string[]> {
  return (await deps.storage.list(`${folder}/`))
    .map((o) => o.key.slice(folder.length + 1))
    .filter((name) => !name.includes("/"))
    .sort();
}

/** Whether a key is in storage. */
export const isStored = async (deps: Pick<AppDeps, "storage">, key: string) => (await deps.storage.stat(key)) !== null;

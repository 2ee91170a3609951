import { relative, sep } from "node:path";
import { diskStorage } from "./disk";

/**
 * Where uploaded files live: the uploads folder on disk (the default), or an S3-compatible
 * bucket when S3_BUCKET is set (lib/storage/s3). Files are named by keys relative to the
 * uploads root, with "/" between parts ("submissions/<task id>/<stored name>"), the same on both.
 * Chosen once at start (main.ts) and reached through deps.storage.
 */
export interface Storage {
  readonly kind: "disk" | "s3";
  /** Writes `data` under `key`, whole or not at all (disk: a staged file renamed; S3: one PUT). */
  write(key: string, data: Blob | Uint8Array): Promise<void>;
  /**
   * Writes `data` so that it appears under `key` once `place()` runs (after the rows are
   * committed); `discard()` takes it back. See each implementation for where it waits.
   */
  stage(key: string, data: Blob | Uint8Array): Promise<StagedFile>;
  /** The bytes of `key` (or of `range`, both ends included) as a response body: never read whole into memory. */
  body(key: string, range?: ByteRange): Blob | ReadableStream<Uint8Array>;
  /** Size and modification time, or null when there is no such file. */
  stat(key: string): Promise<StoredStat | null>;
  /** Deletes files; one already gone is fine. */
  remove(keys: string[]): Promise<void>;
  /** Deletes every file under `prefix` (a hard-deleted task's folder). */
  removeAll(prefix: string): Promise<void>;
  /** Every file under `prefix` (recursively), staged ones excepted. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Throws when the storage does not answer (health, start-up). */
  check(): Promise<void>;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredStat {
  size: number;
  mtimeMs: number;
}

export interface StoredObject extends StoredStat {
  key: string;
}

export interface StagedFile {
  place(): Promise<void>;
  discard(): Promise<void>;
}

/** The storage of deps, or the uploads folder on disk for callers that name only uploadsDir (backups). */
export function storageOf(deps: { uploadsDir: string; storage?: Storage }): Storage {
  return deps.storage ?? diskStorage(deps.uploadsDir);
}

/** The key of a path under the uploads folder ("/data/uploads/music/u1/a.mp3" → "music/u1/a.mp3"). */
export function keyOf(uploadsDir: string, path: string): string {
  return relative(uploadsDir, path).split(sep).join("/");
}

/** A body as a stream (the ZIP reads files chunk by chunk). */
export function streamOf(body: Blob | ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return body instanceof Blob ? (body.stream() as ReadableStream<Uint8Array>) : body;
}

export { diskStorage } from "./disk";
export { s3Storage, s3SettingsFromEnv, type S3Settings } from "./s3";

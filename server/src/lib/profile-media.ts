import { mkdir, readdir, rename } from "node:fs/promises";
import { join } from "node:path";
import { isNotNull, or, gt } from "drizzle-orm";
import type { AppDeps } from "../deps";
import { users } from "../db/schema";
import { isUserId, randomToken } from "./ids";
import { removeFiles, STAGED_SUFFIX, STAGING_DIR } from "./files";

/**
 * Profile media on disk: uploadsDir/<kind>/<userId>/<version>-<random>.<ext>. The version in
 * the name is the one the user row points to (avatarVersion, or the `v` of musicSrc), so the
 * row alone finds the file and a new upload never collides with the file being served.
 *
 * Order of an upload: the file is written and moved into the user's folder first, then the
 * row is switched to its version, then the old file goes. A crash in between leaves a file no
 * row points to, which the start-up sweep removes; a row never points to a missing file.
 */
export type MediaKind = "avatars" | "music";

function folder(deps: Pick<AppDeps, "uploadsDir">, kind: MediaKind, userId: string): string {
  // Ids come from the database or a checked route parameter; never a path piece.
  if (!isUserId(userId)) throw new Error("invalid user id for a media path");
  return join(deps.uploadsDir, kind, userId);
}

/**
 * The uncropped picture an avatar was cut from lives next to it as "s<version>-…", so the
 * cropper can reopen on it; findMedia's "<version>-" never matches it.
 */
export const AVATAR_SOURCE_PREFIX = "s";

/** Writes a file as `version` of the user's media (staged, then moved in). Returns its path. */
export async function putMedia(
  deps: AppDeps,
  kind: MediaKind,
  userId: string,
  version: number,
  ext: string,
  data: Blob | Uint8Array,
  prefix = "",
): Promise<string> {
  const name = `${prefix}${version}-${randomToken(9)}.${ext}`;
  const staging = join(deps.uploadsDir, STAGING_DIR);
  const dir = folder(deps, kind, userId);
  await Promise.all([mkdir(staging, { recursive: true }), mkdir(dir, { recursive: true })]);
  const temp = join(staging, `${userId}-${name}${STAGED_SUFFIX}`);
  try {
    await Bun.write(temp, data);
    await rename(temp, join(dir, name));
  } catch (error) {
    await removeFiles([temp]);
    throw error;
  }
  return join(dir, name);
}

/**
 * Runs the row switch of a new media file; if it throws (a full disk refuses the write), the
 * new file goes before the error does, so a refused upload leaves nothing behind.
 */
export async function switchOrDrop<T>(newFile: string, update: () => T | Promise<T>): Promise<T> {
  try {
    // Awaited here: an async update's refusal must reach the catch below.
    return await update();
  } catch (error) {
    await removeFiles([newFile]);
    throw error;
  }
}

/** The stored file of this version of the user's media, or null. */
export async function findMedia(
  deps: Pick<AppDeps, "uploadsDir">,
  kind: MediaKind,
  userId: string,
  version: number,
  prefix = "",
): Promise<string | null> {
  const dir = folder(deps, kind, userId);
  const names = await readdir(dir).catch(() => [] as string[]);
  const name = names.find((n) => n.startsWith(`${prefix}${version}-`) && !n.endsWith(STAGED_SUFFIX));
  return name ? join(dir, name) : null;
}

/** Deletes stored media files (already gone is fine). */
export const dropMedia = (paths: (string | null | undefined)[]) => removeFiles(paths.filter((p): p is string => !!p));

/** The `v` of a stored musicSrc ("/api/users/music/<id>?v=<n>"), 0 when absent. */
export function musicVersion(musicSrc: string | null): number {
  const v = /[?&]v=(\d+)/.exec(musicSrc ?? "")?.[1];
  return v ? Number(v) : 0;
}

/**
 * Every profile file a user row points to, keyed by its stored name, for the start-up sweep
 * of the uploads folder (which removes whatever nothing points to).
 */
export async function referencedProfileMedia(deps: Pick<AppDeps, "db" | "uploadsDir">): Promise<Map<string, string>> {
  const rows = await deps.db
    .select({ id: users.id, avatarVersion: users.avatarVersion, musicSrc: users.musicSrc })
    .from(users)
    .where(or(gt(users.avatarVersion, 0), isNotNull(users.musicSrc)));
  const out = new Map<string, string>();
  for (const r of rows) {
    const found = [
      r.avatarVersion > 0 ? await findMedia(deps, "avatars", r.id, r.avatarVersion) : null,
      r.avatarVersion > 0 ? await findMedia(deps, "avatars", r.id, r.avatarVersion, AVATAR_SOURCE_PREFIX) : null,
      r.musicSrc ? await findMedia(deps, "music", r.id, musicVersion(r.musicSrc)) : null,
    ];
    for (const path of found) if (path) out.set(path.slice(deps.uploadsDir.length), path);
  }
  return out;
}

import { join } from "node:path";
import { isNotNull, or, gt } from "drizzle-orm";
import type { AppDeps } from "../deps";
import { users } from "../db/schema";
import { isUserId, randomToken } from "./ids";
import { storageOf, type Storage } from "./storage";

/**
 * Profile media in storage: <kind>/<userId>/<version>-<random>.<ext>. The version in the name
 * is the one the user row points to (avatarVersion, or the `v` of musicSrc), so the row alone
 * finds the file and a new upload never collides with the file being served.
 *
 * Order of an upload: the file is written whole under its key first (lib/storage), then the
 * row is switched to its version, then the old file goes. A crash in between leaves a file no
 * row points to, which the start-up sweep removes; a row never points to a missing file.
 */
export type MediaKind = "avatars" | "music";

function folder(kind: MediaKind, userId: string): string {
  // Ids come from the database or a checked route parameter; never a path piece.
  if (!isUserId(userId)) throw new Error("invalid user id for a media key");
  return `${kind}/${userId}`;
}

/**
 * The uncropped picture an avatar was cut from lives next to it as "s<version>-…", so the
 * cropper can reopen on it; findMedia's "<version>-" never matches it.
 */
export const AVATAR_SOURCE_PREFIX = "s";

/** Writes a file as `version` of the user's media (whole or not at all). Returns its key. */
export async function putMedia(
  deps: Pick<AppDeps, "storage">,
  kind: MediaKind,
  userId: string,
  version: number,
  ext: string,
  data: Blob | Uint8Array,
  prefix = "",
): Promise<string> {
  const key = `${folder(kind, userId)}/${prefix}${version}-${randomToken(9)}.${ext}`;
  await deps.storage.write(key, data);
  return key;
}

/**
 * Runs the row switch of a new media file; if it throws (a full disk refuses the write), the
 * new file goes before the error does, so a refused upload leaves nothing behind.
 */
export async function switchOrDrop<T>(deps: Pick<AppDeps, "storage">, newFile: string, update: () => T | Promise<T>): Promise<T> {
  try {
    // Awaited here: an async update's refusal must reach the catch below.
    return await update();
  } catch (error) {
    await deps.storage.remove([newFile]);
    throw error;
  }
}

/** The stored name of `version` among a media folder's names, or undefined. */
const pick = (names: string[], version: number, prefix: string) => names.find((n) => n.startsWith(`${prefix}${version}-`));

/** The names in a user's media folder (one listing). */
export async function mediaNames(storage: Storage, kind: MediaKind, userId: string): Promise<string[]> {
  const dir = folder(kind, userId);
  return (await storage.list(`${dir}/`)).map((o) => o.key.slice(dir.length + 1)).filter((n) => !n.includes("/") && !n.startsWith("."));
}

/** The key of this version of the user's media, or null. */
export async function findMedia(
  deps: Pick<AppDeps, "storage">,
  kind: MediaKind,
  userId: string,
  version: number,
  prefix = "",
): Promise<string | null> {
  const name = pick(await mediaNames(deps.storage, kind, userId), version, prefix);
  return name ? `${folder(kind, userId)}/${name}` : null;
}

/** Deletes stored media files (already gone is fine). */
export const dropMedia = (deps: Pick<AppDeps, "storage">, keys: (string | null | undefined)[]) =>
  deps.storage.remove(keys.filter((k): k is string => !!k));

/** The `v` of a stored musicSrc ("/api/users/music/<id>?v=<n>"), 0 when absent. */
export function musicVersion(musicSrc: string | null): number {
  const v = /[?&]v=(\d+)/.exec(musicSrc ?? "")?.[1];
  return v ? Number(v) : 0;
}

/**
 * Every profile file a user row points to, keyed by "/<key>", as its path under uploadsDir,
 * for the start-up sweep (which removes whatever nothing points to) and the backups. Each
 * kind's folder is listed once, not once per user (one request per 1 000 objects on S3).
 */
export async function referencedProfileMedia(
  deps: Pick<AppDeps, "db" | "uploadsDir"> & Partial<Pick<AppDeps, "storage">>,
): Promise<Map<string, string>> {
  const storage = storageOf(deps);
  const rows = await deps.db
    .select({ id: users.id, avatarVersion: users.avatarVersion, musicSrc: users.musicSrc })
    .from(users)
    .where(or(gt(users.avatarVersion, 0), isNotNull(users.musicSrc)));
  const byFolder = new Map<string, string[]>();
  for (const kind of ["avatars", "music"] as const) {
    for (const { key } of await storage.list(`${kind}/`)) {
      const dir = key.slice(0, key.lastIndexOf("/"));
      byFolder.set(dir, [...(byFolder.get(dir) ?? []), key.slice(dir.length + 1)]);
    }
  }
  const found = (kind: MediaKind, id: string, version: number, prefix = "") => {
    const name = pick(byFolder.get(folder(kind, id)) ?? [], version, prefix);
    return name ? `${folder(kind, id)}/${name}` : null;
  };
  const out = new Map<string, string>();
  for (const r of rows) {
    const keys = [
      r.avatarVersion > 0 ? found("avatars", r.id, r.avatarVersion) : null,
      r.avatarVersion > 0 ? found("avatars", r.id, r.avatarVersion, AVATAR_SOURCE_PREFIX) : null,
      r.musicSrc ? found("music", r.id, musicVersion(r.musicSrc)) : null,
    ];
    for (const key of keys) if (key) out.set(`/${key}`, join(deps.uploadsDir, ...key.split("/")));
  }
  return out;
}

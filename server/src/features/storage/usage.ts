import { and, eq, ne, sql } from "drizzle-orm";
import { storageQuotaMessage } from "@planify/common/constants/storage";
import type { AppDeps } from "../../deps";
import { memoOf } from "../../lib/cache";
import { itemAssets, taskFiles } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { DbOrTx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { isUserId } from "../../lib/ids";
import { seesEverything } from "../subjects";

/**
 * What uploads take, from what is already recorded: `task_files.size` and `item_assets.size`
 * in the database, on disk and on S3 alike. Avatars and music have no size column, so their
 * files are measured by listing storage (the folder on disk, the bucket's keys on S3): for one
 * account that is one folder of one or two files per kind, read only when that account
 * uploads; for the whole school it is cached (PROFILE_MEDIA_CACHE_MS).
 */
const MEDIA_KINDS = ["avatars", "music"] as const;

async function folderBytes(deps: Pick<AppDeps, "storage">, prefix: string): Promise<number> {
  return (await deps.storage.list(prefix)).reduce((sum, o) => sum + o.size, 0);
}

/** Bytes of the account's avatar and music files in storage. */
export async function profileMediaBytes(deps: Pick<AppDeps, "storage">, userId: string): Promise<number> {
  if (!isUserId(userId)) return 0;
  const sizes = await Promise.all(MEDIA_KINDS.map((kind) => folderBytes(deps, `${kind}/${userId}/`)));
  return sizes[0]! + sizes[1]!;
}

/** Bytes of every task file (hand-in, removed ones included, or attachment) the account uploaded, as recorded (on `db`: the caller's transaction too). */
export async function taskFilesBytes(db: DbOrTx, userId: string): Promise<number> {
  const row = await first(
    db
      .select({ total: sql<number>`coalesce(sum(${taskFiles.size}), 0)`.mapWith(Number) })
      .from(taskFiles)
      // Copies a teacher returned name the student they are for, but are not the student's uploads.
      // A hand-in file the student removed stays stored for its version (the teacher still sees
      // it), so it still counts: removing and depositing again must not store without bound.
      .where(and(eq(taskFiles.userId, userId), ne(taskFiles.kind, "returned"))),
  );
  return Number(row?.total ?? 0);
}

/** The quota that binds this account, or null: staff (profs, admins) and a quota of 0 have none. */
export function quotaOf(deps: AppDeps, user: Pick<UserRow, "role">): number | null {
  const quota = deps.settings.userQuotaBytes ?? 0;
  return quota > 0 && !seesEverything(user) ? quota : null;
}

/**
 * Throws a French 413 when `incomingBytes` more (after `replacedBytes` go) would bring an
 * account using `usedBytes` past `quota` (null: no quota). Pure, so a transaction can call it
 * again with the sum it reads itself.
 */
export function assertWithinQuota(quota: number | null, usedBytes: number, incomingBytes: number, replacedBytes = 0): void {
  if (quota === null) return;
  if (usedBytes - replacedBytes + incomingBytes > quota) throw new AppError("STORAGE_QUOTA", storageQuotaMessage(usedBytes, quota));
}

/** Checks an upload of `incomingBytes` against the account's quota before anything is written. */
export async function checkQuota(
  deps: AppDeps,
  user: Pick<UserRow, "id" | "role">,
  incomingBytes: number,
  replacedBytes = 0,
): Promise<void> {
  const quota = quotaOf(deps, user);
  if (quota === null) return;
  const used = (await taskFilesBytes(deps.db, user.id)) + (await profileMediaBytes(deps, user.id));
  assertWithinQuota(quota, used, incomingBytes, replacedBytes);
}

/** Checks a new profile file (avatar or music) replacing `oldFile` (null: none) against the account's quota. */
export async function checkMediaQuota(
  deps: AppDeps,
  user: Pick<UserRow, "id" | "role">,
  incomingBytes: number,
  oldFile: string | null,
): Promise<void> {
  const replaced = oldFile ? ((await deps.storage.stat(oldFile))?.size ?? 0) : 0;
  await checkQuota(deps, user, incomingBytes, replaced);
}

/** How long the school-wide measure of profile media is reused (the admin screen's figure). */
const PROFILE_MEDIA_CACHE_MS = 60_000;

async function allProfileMediaBytes(deps: AppDeps): Promise<number> {
  const totals = memoOf<number>(deps, "profile-media-bytes", { max: 1 });
  const cached = totals.peek("", Date.now());
  if (cached !== undefined) return cached;
  let bytes = 0;
  for (const kind of MEDIA_KINDS) bytes += await folderBytes(deps, `${kind}/`);
  return totals.set("", bytes, { from: Date.now(), until: Date.now() + PROFILE_MEDIA_CACHE_MS });
}

/** Bytes every upload takes: hand-ins, attachments, item art (recorded) and profile media (measured). */
export async function uploadsBytes(deps: AppDeps): Promise<number> {
  const files = await first(deps.db.select({ total: sql<number>`coalesce(sum(${taskFiles.size}), 0)`.mapWith(Number) }).from(taskFiles));
  const assets = await first(deps.db.select({ total: sql<number>`coalesce(sum(${itemAssets.size}), 0)`.mapWith(Number) }).from(itemAssets));
  return Number(files?.total ?? 0) + Number(assets?.total ?? 0) + (await allProfileMediaBytes(deps));
}

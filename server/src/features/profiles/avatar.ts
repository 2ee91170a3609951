import { and, eq } from "drizzle-orm";
import {
  AVATAR_CROP_MESSAGES,
  AVATAR_EXPORT_SIZE,
  AVATAR_MAX_BYTES,
  AVATAR_SOURCE_MAX_SIDE,
  SOCIAL_MESSAGES,
} from "@planify/common/constants/social";
import { avatarCropProblem, type AvatarCrop } from "@planify/common/rules/avatar-crop";
import type { AvatarUploadResponse } from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/errors";
import { detectedExtension } from "../../lib/files";
import { serveInline } from "../../lib/http-range";
import type { UserRow } from "../../db/types";
import { getUser } from "../users";
import { AVATAR_SOURCE_PREFIX, dropMedia, findMedia, putMedia, switchOrDrop } from "../../lib/profile-media";
import { checkQuota } from "../storage";
import { fileField, textField } from "./upload-field";
import { announceProfile } from "../../lib/live";

/** Image types accepted, judged by content (file-type's answer): never SVG or anything textual. */
const IMAGE_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", gif: "image/gif" };

export const AVATAR_MESSAGES = {
  none: "Cet utilisateur n'a pas d'avatar.",
  raced: "Un autre avatar vient d'être enregistré. Réessayez.",
} as const;

/** A picture that would decode to more pixels than this is refused (decompression bombs). */
const MAX_PIXELS = 40_000_000;

/**
 * The picture as stored: png, jpeg and webp are decoded and re-encoded in their own format,
 * at most 512 px a side (the web crops to 512 already). Decoding proves the file is a
 * picture, and re-encoding drops whatever else it carried (EXIF with a phone's location,
 * trailing bytes). GIFs are kept as they are, animation included.
 */
async function storedPicture(file: Blob, ext: string, side = AVATAR_EXPORT_SIZE): Promise<Blob | Uint8Array> {
  if (ext === "gif") return file;
  try {
    const image = new Bun.Image(await file.arrayBuffer(), { maxPixels: MAX_PIXELS }).resize(side, side, {
      fit: "inside",
      withoutEnlargement: true,
    });
    const encoded = ext === "png" ? image.png() : ext === "webp" ? image.webp({ quality: 90 }) : image.jpeg({ quality: 92 });
    return await encoded.bytes();
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", SOCIAL_MESSAGES.avatarNotImage);
  }
}

/** The optional `crop` field: null when absent, else a checked crop (400 with a French message). */
function cropField(body: unknown): AvatarCrop | null {
  const text = textField(body, "crop").trim();
  if (!text) return null;
  let crop: unknown;
  try {
    crop = JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", AVATAR_CROP_MESSAGES.invalid);
  }
  const problem = avatarCropProblem(crop);
  if (problem) throw new AppError("VALIDATION", problem);
  const { xPercent, yPercent, scale } = crop as AvatarCrop;
  return { xPercent, yPercent, scale };
}

/** The optional `source` field (the uncropped picture): a png, jpeg or webp, re-encoded at most 2048 px a side. */
async function sourceField(body: unknown): Promise<{ ext: string; picture: Blob | Uint8Array } | null> {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>).source : undefined;
  if (value === undefined || value === "") return null;
  const file = fileField(body, "source", SOCIAL_MESSAGES.avatarNotImage);
  if (file.size > AVATAR_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", SOCIAL_MESSAGES.avatarTooBig);
  const ext = await detectedExtension(file);
  if (!ext || !IMAGE_TYPES[ext] || ext === "gif") throw new AppError("UNSUPPORTED_MEDIA_TYPE", SOCIAL_MESSAGES.avatarNotImage);
  return { ext, picture: await storedPicture(file, ext, AVATAR_SOURCE_MAX_SIDE) };
}

const byteSize = (p: Blob | Uint8Array) => (p instanceof Blob ? p.size : p.byteLength);

/** The URL a user row keeps for its avatar; the web's UserAvatar uses it as it is. */
export const avatarUrl = (userId: string, version: number) => `/api/users/avatar/${userId}?v=${version}`;

/**
 * POST /users/upload-avatar: always the caller's own avatar. The file is judged by its
 * bytes (png, jpeg, webp or gif), stored under a new version, and the old file removed
 * once the row points to the new one.
 */
export async function uploadAvatar(deps: AppDeps, caller: UserRow, body: unknown): Promise<AvatarUploadResponse> {
  const file = fileField(body, "avatar", SOCIAL_MESSAGES.avatarNotImage);
  if (file.size > AVATAR_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", SOCIAL_MESSAGES.avatarTooBig);
  const ext = await detectedExtension(file);
  if (!ext || !IMAGE_TYPES[ext]) throw new AppError("UNSUPPORTED_MEDIA_TYPE", SOCIAL_MESSAGES.avatarNotImage);
  // A GIF is never cropped: no crop and no source are kept with it.
  const crop = ext === "gif" ? null : cropField(body);
  const source = ext === "gif" ? null : await sourceField(body);
  if (crop && !source) throw new AppError("VALIDATION", AVATAR_CROP_MESSAGES.needsSource);
  const picture = await storedPicture(file, ext);
  const previous = caller.avatarVersion;
  const version = previous + 1;
  const oldFile = previous > 0 ? await findMedia(deps, "avatars", caller.id, previous) : null;
  const oldSource = previous > 0 ? await findMedia(deps, "avatars", caller.id, previous, AVATAR_SOURCE_PREFIX) : null;
  // The old avatar and its source both go once the new ones are in.
  const replaced = (
    await Promise.all([oldFile, oldSource].map(async (key) => (key ? ((await deps.storage.stat(key))?.size ?? 0) : 0)))
  ).reduce((a, b) => a + b, 0);
  await checkQuota(deps, caller, byteSize(picture) + (source ? byteSize(source.picture) : 0), replaced);
  const newSource = source ? await putMedia(deps, "avatars", caller.id, version, source.ext, source.picture, AVATAR_SOURCE_PREFIX) : null;
  const newFile = await putMedia(deps, "avatars", caller.id, version, ext, picture).catch(async (error) => {
    await dropMedia(deps, [newSource]);
    throw error;
  });
  const avatarUpdatedAt = new Date(deps.now()).toISOString();
  const avatar = avatarUrl(caller.id, version);
  // Conditional on the version read: of two uploads at once, one wins and the other says so.
  const switched = await switchOrDrop(
    deps,
    newFile,
    async () =>
      await deps.db
        .update(users)
        .set({ avatar, avatarVersion: version, avatarUpdatedAt, avatarCrop: source ? crop : null, updatedAt: avatarUpdatedAt })
        .where(and(eq(users.id, caller.id), eq(users.avatarVersion, previous)))
        .returning({ id: users.id }),
  ).catch(async (error) => {
    await dropMedia(deps, [newSource]);
    throw error;
  });
  if (switched.length === 0) {
    await dropMedia(deps, [newFile, newSource]);
    throw conflict(AVATAR_MESSAGES.raced);
  }
  await announceProfile(deps.db, deps.now(), caller.id);
  await dropMedia(deps, [oldFile, oldSource]);
  const message = ext === "gif" ? SOCIAL_MESSAGES.avatarGifSaved : SOCIAL_MESSAGES.avatarSaved;
  return { success: true, message, avatar, avatarVersion: version, avatarUpdatedAt, avatarCrop: source ? crop : null };
}

/**
 * GET /users/me/avatar-source: the caller's own uncropped picture of their current avatar,
 * for reopening the cropper at the stored crop. Never someone else's (it shows what was cut).
 */
export async function serveAvatarSource(deps: AppDeps, request: Request, caller: UserRow): Promise<Response> {
  const target = await getUser(deps, caller.id);
  const key = target.avatarVersion > 0 ? await findMedia(deps, "avatars", target.id, target.avatarVersion, AVATAR_SOURCE_PREFIX) : null;
  if (!key) throw notFound(AVATAR_CROP_MESSAGES.noSource);
  const ext = key.slice(key.lastIndexOf(".") + 1);
  return await serveInline(request, deps.storage, {
    key,
    missing: AVATAR_CROP_MESSAGES.noSource,
    contentType: IMAGE_TYPES[ext] ?? "application/octet-stream",
    etag: `"s-${target.id}-${target.avatarVersion}"`,
    cacheControl: "private, no-cache",
  });
}

/**
 * GET /users/avatar/:id?v=: any logged-in user sees any avatar. Cached for a year when `v`
 * names the current version (a new upload changes the URL); briefly otherwise.
 */
export async function serveAvatar(deps: AppDeps, request: Request, userId: string, v: string | undefined): Promise<Response> {
  const target = await getUser(deps, userId);
  const key = target.avatarVersion > 0 ? await findMedia(deps, "avatars", target.id, target.avatarVersion) : null;
  if (!key) throw notFound(AVATAR_MESSAGES.none);
  const ext = key.slice(key.lastIndexOf(".") + 1);
  const current = v === String(target.avatarVersion);
  return await serveInline(request, deps.storage, {
    key,
    missing: AVATAR_MESSAGES.none,
    contentType: IMAGE_TYPES[ext] ?? "application/octet-stream",
    etag: `"a-${target.id}-${target.avatarVersion}"`,
    cacheControl: current ? "public, max-age=31536000, immutable" : "private, max-age=60",
  });
}

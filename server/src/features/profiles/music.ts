import { and, eq, isNull } from "drizzle-orm";
import { MUSIC_MAX_BYTES, MUSIC_TITLE_MAX, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import type { MusicUploadResponse } from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { cleanOriginalName, detectedExtension } from "../../lib/files";
import { serveInline } from "../../lib/http-range";
import type { UserRow } from "../../db/types";
import { getUser } from "../users";
import { dropMedia, findMedia, musicVersion, putMedia, switchOrDrop } from "../../lib/profile-media";
import { checkMediaQuota } from "../storage";
import { fileField, textField } from "./upload-field";
import { announceProfile } from "../../lib/live";

export const MUSIC_MESSAGES = {
  none: "Cet utilisateur n'a pas de musique.",
  wholeSeconds: "Le début et la durée de l'extrait se comptent en secondes entières.",
  unreadable: "Impossible de lire la durée de ce MP3.",
  raced: "Une autre musique vient d'être enregistrée. Réessayez.",
  removed: "Musique de profil retirée.",
} as const;

/** The URL a user row keeps for its music; `v` also names the stored file. */
export const musicUrl = (userId: string, version: number) => `/api/users/music/${userId}?v=${version}`;

/** Length of an MP3 in seconds (frames counted, or the Xing/VBRI header), or null when unreadable. */
async function mp3Duration(bytes: Uint8Array): Promise<number | null> {
  try {
    // Loaded on the first music upload only (see detectedExtension).
    const { parseBuffer } = await import("music-metadata");
    const { format } = await parseBuffer(bytes, { mimeType: "audio/mpeg", size: bytes.byteLength }, { duration: true, skipCovers: true });
    return format.duration && Number.isFinite(format.duration) ? format.duration : null;
  } catch {
    // Unreadable MP3 header: the duration is unknown (null), the caller decides.
    return null;
  }
}

/** A whole number of seconds from a form field; undefined when absent. */
function seconds(raw: string): number | undefined {
  const text = raw.trim();
  if (text === "") return undefined;
  if (!/^\d{1,6}$/.test(text)) throw badRequest(MUSIC_MESSAGES.wholeSeconds);
  return Number(text);
}

/** The clip inside a track: start and duration in whole seconds, duration ≥ 1, within the track. */
export function clipWithin(trackSeconds: number, startRaw: string, durationRaw: string) {
  const last = Math.ceil(trackSeconds);
  const start = seconds(startRaw) ?? 0;
  const duration = seconds(durationRaw) ?? Math.max(1, Math.floor(trackSeconds) - start);
  if (duration < 1 || start + duration > last) throw badRequest(SOCIAL_MESSAGES.musicBadClip);
  return { start, duration };
}

/** The title as shown: the given one, else the file name without .mp3; one line, 120 characters. */
export function musicTitle(given: string, fileName: string): string {
  const fromFile = cleanOriginalName(fileName).replace(/\.mp3$/i, "");
  const flat = (
    given
      .replace(/[\p{Cc}]/gu, " ")
      .replace(/\s+/g, " ")
      .trim() || fromFile
  ).trim();
  return [...flat].slice(0, MUSIC_TITLE_MAX).join("").trim() || "Musique";
}

/**
 * POST /users/upload-music: the caller's own music. MP3 by content (an ID3 tag or an MPEG
 * layer III frame), 10 MB at most; the whole file is kept and the clip is start/duration.
 */
export async function uploadMusic(deps: AppDeps, caller: UserRow, body: unknown): Promise<MusicUploadResponse> {
  const file = fileField(body, "music", SOCIAL_MESSAGES.musicNotMp3);
  if (file.size > MUSIC_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", SOCIAL_MESSAGES.musicTooBig);
  if ((await detectedExtension(file)) !== "mp3") throw new AppError("UNSUPPORTED_MEDIA_TYPE", SOCIAL_MESSAGES.musicNotMp3);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const track = await mp3Duration(bytes);
  if (track === null || track < 1) throw new AppError("UNSUPPORTED_MEDIA_TYPE", MUSIC_MESSAGES.unreadable);
  const clip = clipWithin(track, textField(body, "startSeconds"), textField(body, "durationSeconds"));
  const title = musicTitle(textField(body, "title"), file.name ?? "");

  const previousSrc = caller.musicSrc;
  const previous = musicVersion(previousSrc);
  // A timestamp names the version (no version column): later than the one it replaces.
  const version = Math.max(deps.now(), previous + 1);
  const oldFile = previousSrc ? await findMedia(deps, "music", caller.id, previous) : null;
  await checkMediaQuota(deps, caller, bytes.byteLength, oldFile);
  const newFile = await putMedia(deps, "music", caller.id, version, "mp3", bytes);
  const musicSrc = musicUrl(caller.id, version);
  const switched = await switchOrDrop(
    deps,
    newFile,
    async () =>
      await deps.db
        .update(users)
        .set({
          musicSrc,
          musicTitle: title,
          musicStartSeconds: clip.start,
          musicDurationSeconds: clip.duration,
          updatedAt: new Date(deps.now()).toISOString(),
        })
        .where(and(eq(users.id, caller.id), previousSrc ? eq(users.musicSrc, previousSrc) : isNull(users.musicSrc)))
        .returning({ id: users.id }),
  );
  if (switched.length === 0) {
    await dropMedia(deps, [newFile]);
    throw conflict(MUSIC_MESSAGES.raced);
  }
  await announceProfile(deps.db, deps.now(), caller.id);
  await dropMedia(deps, [oldFile]);
  return {
    success: true,
    message: SOCIAL_MESSAGES.musicSaved,
    musicSrc,
    musicTitle: title,
    musicStartSeconds: clip.start,
    musicDurationSeconds: clip.duration,
  };
}

/** DELETE /users/me/music: the profile goes back to having no music; the file goes too. */
export async function removeMusic(deps: AppDeps, caller: UserRow) {
  const oldFile = caller.musicSrc ? await findMedia(deps, "music", caller.id, musicVersion(caller.musicSrc)) : null;
  await deps.db
    .update(users)
    .set({ musicSrc: null, musicTitle: null, musicStartSeconds: 0, musicDurationSeconds: 0, updatedAt: new Date(deps.now()).toISOString() })
    .where(eq(users.id, caller.id));
  await announceProfile(deps.db, deps.now(), caller.id);
  await dropMedia(deps, [oldFile]);
  return { success: true as const, message: MUSIC_MESSAGES.removed };
}

/** GET/HEAD /users/music/:id: the whole track as audio/mpeg, with byte ranges for seeking. */
export async function serveMusic(deps: AppDeps, request: Request, userId: string, v: string | undefined): Promise<Response> {
  const target = await getUser(deps, userId);
  const version = musicVersion(target.musicSrc);
  const key = target.musicSrc ? await findMedia(deps, "music", target.id, version) : null;
  if (!key) throw notFound(MUSIC_MESSAGES.none);
  return await serveInline(request, deps.storage, {
    key,
    missing: MUSIC_MESSAGES.none,
    contentType: "audio/mpeg",
    etag: `"m-${target.id}-${version}"`,
    cacheControl: v === String(version) ? "public, max-age=31536000, immutable" : "private, max-age=60",
  });
}

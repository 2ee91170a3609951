import { MUSIC_MAX_BYTES, MUSIC_TITLE_MAX, SOCIAL_MESSAGES } from "@planify/common/constants/social";

/** The browser's checks of a picked music file: an MP3 of 10 MB at most (the server sniffs it again). */
export function musicFileError(file: Pick<File, "type" | "size" | "name">): string | null {
  const mp3 = file.type === "audio/mpeg" || file.type === "audio/mp3" || /\.mp3$/i.test(file.name);
  if (!mp3) return SOCIAL_MESSAGES.musicNotMp3;
  if (file.size > MUSIC_MAX_BYTES) return SOCIAL_MESSAGES.musicTooBig;
  return null;
}

/** The title field starts with the file's name, without its .mp3 extension. */
export function defaultMusicTitle(fileName: string): string {
  return (
    fileName
      .replace(/\.mp3$/i, "")
      .trim()
      .slice(0, MUSIC_TITLE_MAX) || "Musique"
  );
}

/** A clip of the track in whole seconds: [start, end). */
export interface Clip {
  start: number;
  end: number;
}

/** The whole track as a clip (end = the track's length rounded down, at least 1 s). */
export function wholeTrack(durationSeconds: number): Clip {
  return { start: 0, end: Math.max(1, Math.floor(Number.isFinite(durationSeconds) ? durationSeconds : 0)) };
}

/** Keeps a clip inside the track: whole seconds, 0 ≤ start, end ≤ the track's length. */
export function boundClip(clip: Clip, durationSeconds: number): Clip {
  const max = wholeTrack(durationSeconds).end;
  const start = Math.min(max, Math.max(0, Math.round(clip.start)));
  const end = Math.min(max, Math.max(0, Math.round(clip.end)));
  return { start, end };
}

/** null when the clip can be sent; else the message to show (start before end, 1 s at least). */
export function clipError(clip: Clip): string | null {
  return clip.end - clip.start >= 1 ? null : SOCIAL_MESSAGES.musicBadClip;
}

/** The multipart fields of a clip: whole-second start and duration. */
export function clipFields(clip: Clip): { startSeconds: string; durationSeconds: string } {
  return { startSeconds: String(clip.start), durationSeconds: String(clip.end - clip.start) };
}

/** m:ss for the sliders' values. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

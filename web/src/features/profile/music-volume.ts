import { MUSIC_VOLUME_DEFAULT } from "@planify/common/constants/social";

/** Local storage key of the profile music's volume (0 to 100). */
export const MUSIC_VOLUME_KEY = "planify.musicVolume";

/** A whole volume between 0 and 100; anything unreadable gives the default (60). */
export function clampVolume(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return MUSIC_VOLUME_DEFAULT;
  return Math.min(100, Math.max(0, Math.round(n)));
}

export function readVolume(): number {
  try {
    return clampVolume(localStorage.getItem(MUSIC_VOLUME_KEY));
  } catch {
    // Storage blocked: the default volume.
    return MUSIC_VOLUME_DEFAULT;
  }
}

export function storeVolume(volume: number): number {
  const v = clampVolume(volume);
  try {
    localStorage.setItem(MUSIC_VOLUME_KEY, String(v));
  } catch {
    // Storage blocked: the volume lasts for this page only.
  }
  return v;
}

import { AVATAR_CROP_MESSAGES as M, AVATAR_CROP_SCALE_MAX, AVATAR_CROP_SCALE_MIN } from "../constants/social";

/** An avatar crop: the centre of the square in percent of the picture's width and height, and the zoom. */
export interface AvatarCrop {
  xPercent: number;
  yPercent: number;
  scale: number;
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** The first rule a crop breaks, as its French message (null when valid). */
export function avatarCropProblem(crop: unknown): string | null {
  if (!crop || typeof crop !== "object") return M.invalid;
  const { xPercent, yPercent, scale } = crop as Record<string, unknown>;
  if (!finite(xPercent) || !finite(yPercent) || !finite(scale)) return M.invalid;
  if (xPercent < 0 || xPercent > 100 || yPercent < 0 || yPercent > 100) return M.position;
  if (scale < AVATAR_CROP_SCALE_MIN || scale > AVATAR_CROP_SCALE_MAX) return M.scale;
  return null;
}

/**
 * The crop to store for what the cropper shows: the zoom goes to 4 in the cropper but is
 * stored between 1 and 3, so a deeper zoom reopens at 3 around the same centre. Rounded to
 * hundredths, which is finer than a pixel of the 512 px export.
 */
export function cropToStore(centreXPercent: number, centreYPercent: number, zoom: number): AvatarCrop {
  const r = (n: number) => Math.round(n * 100) / 100;
  const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
  return {
    xPercent: r(clamp(centreXPercent, 0, 100)),
    yPercent: r(clamp(centreYPercent, 0, 100)),
    scale: r(clamp(zoom, AVATAR_CROP_SCALE_MIN, AVATAR_CROP_SCALE_MAX)),
  };
}

/**
 * Where the cropper places the picture to show a stored crop again: react-easy-crop's `crop`
 * (the picture's shift in px, applied before its zoom about its centre), for a picture shown
 * `width` × `height` px at zoom 1. Kept inside the bounds that still cover the round frame.
 */
export function cropOffset(crop: AvatarCrop, width: number, height: number): { x: number; y: number } {
  const side = Math.min(width, height);
  const shift = (centre: number, size: number) => {
    const limit = Math.max(0, (size * crop.scale - side) / 2);
    return Math.min(limit, Math.max(-limit, -(centre / 100 - 0.5) * size * crop.scale)) || 0;
  };
  return { x: shift(crop.xPercent, width), y: shift(crop.yPercent, height) };
}

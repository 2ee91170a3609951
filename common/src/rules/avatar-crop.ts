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
 * The square to show again for a stored crop on a picture of `width` × `height`, in percent
 * of the picture (react-easy-crop's initialCroppedAreaPercentages). At zoom 1 the square's
 * side is the picture's shorter side; the centre is kept inside the picture.
 */
export function cropArea(crop: AvatarCrop, width: number, height: number): { x: number; y: number; width: number; height: number } {
  const side = Math.min(width, height) / crop.scale;
  const w = (side / width) * 100;
  const h = (side / height) * 100;
  const x = Math.min(100 - w, Math.max(0, crop.xPercent - w / 2));
  const y = Math.min(100 - h, Math.max(0, crop.yPercent - h / 2));
  return { x, y, width: w, height: h };
}

import { AVATAR_EXPORT_QUALITY, AVATAR_EXPORT_SIZE } from "@planify/common/constants/social";

/** A rectangle of the source image in its own pixels (react-easy-crop's croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Loads a picture for the cropper; rejects when the browser cannot decode it. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => (img.naturalWidth > 0 ? resolve(img) : reject(new Error("empty image")));
    img.onerror = () => reject(new Error("unreadable image"));
    img.src = src;
  });
}

/**
 * Draws the chosen square of `image` onto a 512×512 canvas and encodes it as a JPEG at 0.92.
 * A white ground first: JPEG has no transparency, and a transparent PNG would turn black.
 */
export function cropToJpeg(
  image: CanvasImageSource,
  area: PixelArea,
  size = AVATAR_EXPORT_SIZE,
  quality = AVATAR_EXPORT_QUALITY,
): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d");
  if (!ctx) return Promise.reject(new Error("no 2d context"));
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, size, size);
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("encoding failed"))), "image/jpeg", quality);
  });
}

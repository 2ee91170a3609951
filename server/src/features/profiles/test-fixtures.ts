import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { identiconPng } from "../../demo/png";

/** Test files for the profile uploads: real content under honest or misleading names. */
export const png = () => identiconPng("fixture", 32);
/** A 1×1 GIF. */
export const gif = () => Uint8Array.from(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));
export const svg = () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const html = () => new TextEncoder().encode("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
/** The demo melody: a 7.2-second MP3 (64 kbps, ID3 tag first). */
export const mp3 = () => new Uint8Array(readFileSync(fileURLToPath(new URL("../../demo/assets/profile-melody.mp3", import.meta.url))));

/** A short RIFF/WAVE file (8 kHz, 16-bit mono silence). */
export function wav(seconds = 2): Uint8Array {
  const data = 8000 * 2 * seconds;
  const out = new Uint8Array(44 + data);
  const v = new DataView(out.buffer);
  const ascii = (at: number, s: string) => out.set(new TextEncoder().encode(s), at);
  ascii(0, "RIFF");
  v.setUint32(4, 36 + data, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, 8000, true);
  v.setUint32(28, 16000, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  ascii(36, "data");
  v.setUint32(40, data, true);
  return out;
}

/** A multipart body with one file field (and text fields). */
export function form(field: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.append(field, new File([bytes], name));
  for (const [k, value] of Object.entries(fields)) body.append(k, value);
  return body;
}

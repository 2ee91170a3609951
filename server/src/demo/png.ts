import { deflateSync } from "node:zlib";

/** An RGB colour, 0–255 per channel. */
export type Rgb = readonly [number, number, number];

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Encodes an RGB picture (`pixel(x, y)` per pixel) as a PNG file: 8-bit truecolour, no filter. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(deflateSync(raw))),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** HSL (hue in degrees, saturation and lightness 0–1) to RGB. */
function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [f(0), f(8), f(4)];
}

/**
 * A symmetric 5×5 pattern drawn from a seed (GitHub-style identicon) on a light background,
 * `size` pixels square: each demo student gets a recognisable picture we made ourselves.
 */
export function identiconPng(seed: string, size = 160): Uint8Array {
  const hash = new Bun.CryptoHasher("sha256").update(seed).digest();
  const fg = hsl((hash[0]! / 255) * 360, 0.55, 0.5);
  const bg = hsl((hash[0]! / 255) * 360, 0.35, 0.93);
  const cell = size / 6;
  const on = (col: number, row: number) => {
    const c = col < 3 ? col : 4 - col;
    return (hash[1 + row * 3 + c]! & 1) === 1;
  };
  return encodePng(size, size, (x, y) => {
    const col = Math.floor((x - cell / 2) / cell);
    const row = Math.floor((y - cell / 2) / cell);
    return col >= 0 && col < 5 && row >= 0 && row < 5 && on(col, row) ? fg : bg;
  });
}

import type { RandomInt } from "./daily-shop-draw";

/** A uniform integer in [0, n) from the cryptographic generator (rejection sampling, no modulo bias). */
export const cryptoRandomInt: RandomInt = (n) => {
  if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError("n out of range");
  const limit = Math.floor(2 ** 32 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % n;
  }
};

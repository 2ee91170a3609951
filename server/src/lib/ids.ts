/** A new random string id (time-ordered UUID v7 so that ids sort by creation). */
export function newId(): string {
  return Bun.randomUUIDv7();
}

/** A URL-safe random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");
}

/** SHA-256 hex of a string (for storing bearer-like tokens without keeping them). */
export function sha256(text: string): string {
  return new Bun.CryptoHasher("sha256").update(text).digest("hex");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Account ids are UUIDs (newId): anything else in a user-id slot is a static path or junk. */
export const isUserId = (value: string) => UUID.test(value);

/** `length` symbols of `alphabet` from the cryptographic generator, without modulo bias (rejection sampling). */
export function randomFromAlphabet(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  const out: string[] = [];
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < limit && out.length < length) out.push(alphabet[b % alphabet.length]!);
    }
  }
  return out.join("");
}

/** Deepest nesting a request body may have; real bodies stay under 5. */
export const JSON_MAX_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether raw JSON nests `[` / `{` deeper than `max`, found by one flat pass over the bytes
 * before anything parses them: recursive parsers and schema checkers spend seconds (or
 * overflow their stack) on 100,000 levels, this loop spends microseconds. Brackets inside
 * strings do not count, and `\"` does not end a string. Working on UTF-8 bytes is exact:
 * every byte of a multi-byte character is >= 0x80, so it can never look like `"`, `\` or
 * a bracket. Malformed JSON is left for the parser to refuse.
 */
export function jsonTooDeep(bytes: Uint8Array, max: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--;
  }
  return false;
}

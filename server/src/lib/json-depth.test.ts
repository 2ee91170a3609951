import { describe, expect, it } from "vitest";
import { JSON_MAX_DEPTH, jsonTooDeep } from "./json-depth";

const bytes = (text: string) => new TextEncoder().encode(text);
const nested = (levels: number, open = "[", close = "]") => open.repeat(levels) + close.repeat(levels);

describe("JSON depth, measured without parsing", () => {
  it.each([
    ["flat values", '{"a":1,"b":"x","c":[1,2,3]}', false],
    ["exactly the limit", nested(JSON_MAX_DEPTH), false],
    ["one level over", nested(JSON_MAX_DEPTH + 1), true],
    ["objects count like arrays", `${'{"a":'.repeat(JSON_MAX_DEPTH + 1)}1${"}".repeat(JSON_MAX_DEPTH + 1)}`, true],
    [
      "siblings do not add up",
      `[${Array(100)
        .fill(nested(JSON_MAX_DEPTH - 1))
        .join(",")}]`,
      false,
    ],
    ["brackets inside strings", `{"html":"${"[{".repeat(1000)}"}`, false],
    ["an escaped quote does not end a string", `{"a":"\\"${"[".repeat(100)}"}`, false],
    ["an escaped backslash does end it", `["\\\\",${nested(JSON_MAX_DEPTH)}]`, true],
    ["multi-byte text around brackets", `{"é漢😀":${nested(JSON_MAX_DEPTH - 1)}}`, false],
  ])("%s", (_name, text, tooDeep) => {
    expect(jsonTooDeep(bytes(text))).toBe(tooDeep);
  });

  // A recursive scanner would overflow the stack here; the time it takes is the bench's business.
  it("scans 100,000 levels without recursion", () => {
    expect(jsonTooDeep(bytes(nested(100_000)))).toBe(true);
    expect(jsonTooDeep(bytes(`{"a":"${"[".repeat(100_000)}"}`))).toBe(false);
  });
});

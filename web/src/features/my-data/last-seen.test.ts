import { describe, expect, it } from "vitest";
import { lastSeenText } from "./last-seen";

const now = Date.parse("2026-11-27T10:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("lastSeenText", () => {
  it.each([
    [20_000, "à l'instant"],
    [3 * 60_000, "il y a 3 min"],
    [2 * 3600_000, "il y a 2 h"],
    [3 * 24 * 3600_000, "le 24 novembre 2026"],
  ])("%d ms ago → %s", (ms, text) => expect(lastSeenText(ago(ms), now).replace(/\s/gu, " ")).toBe(text));
});

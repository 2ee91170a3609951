import { describe, expect, it } from "vitest";
import { expiryLabel } from "./expiry-label";

const NOW = Date.parse("2026-11-27T08:00:00Z");

describe("the expiry line of a reward code", () => {
  it.each([
    ["a day alone set to 31/12 (stored as the Paris midnight ending it)", "2026-12-31T23:00:00.000Z", "Valable jusqu'au 31/12/2026 inclus"],
    ["a summer day", "2027-07-14T22:00:00.000Z", "Valable jusqu'au 14/07/2027 inclus"],
    ["the day clocks go forward", "2027-03-28T22:00:00.000Z", "Valable jusqu'au 28/03/2027 inclus"],
    ["the day clocks go back", "2027-10-31T23:00:00.000Z", "Valable jusqu'au 31/10/2027 inclus"],
    ["a chosen time", "2030-01-15T17:30:00.000Z", "Expire le 15/01/2030 18:30"],
    ["a past day", "2026-11-20T23:00:00.000Z", "Expiré après le 20/11/2026"],
    ["a past time", "2026-11-20T09:15:00.000Z", "Expiré le 20/11/2026 10:15"],
    ["no expiry", null, "Sans expiration"],
  ])("%s", (_name, iso, text) => {
    expect(expiryLabel(iso, NOW)).toBe(text);
  });
});

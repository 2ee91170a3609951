import { describe, expect, it } from "vitest";
import { HAND_IN_MESSAGES } from "@planify/common/constants/hand-ins";
import { checkMark, markText, parisInputs } from "./mark-input";

describe("mark input", () => {
  it("reads a French mark on the task's scale", () => {
    expect(checkMark("12,5", 20)).toEqual({ ok: true, value: 12.5 });
    expect(checkMark(" 15 ", 20)).toEqual({ ok: true, value: 15 });
    expect(checkMark("", 20)).toEqual({ ok: true, value: null });
    expect(checkMark("45", 50)).toEqual({ ok: true, value: 45 });
  });

  it("refuses what is not a mark with the shared French message", () => {
    for (const bad of ["21", "-1", "12,555", "douze", "12,5,1"]) {
      expect(checkMark(bad, 20)).toEqual({ ok: false, message: HAND_IN_MESSAGES.markInvalid });
    }
  });

  it("shows a stored mark with a decimal comma", () => {
    expect(markText(12.5)).toBe("12,5");
    expect(markText(null)).toBe("");
  });

  it("fills the deadline inputs in Paris time, summer and winter", () => {
    expect(parisInputs("2026-12-01T17:00:00.000Z")).toEqual({ date: "2026-12-01", heure: "18:00" });
    expect(parisInputs("2026-06-30T21:30:00.000Z")).toEqual({ date: "2026-06-30", heure: "23:30" });
  });
});

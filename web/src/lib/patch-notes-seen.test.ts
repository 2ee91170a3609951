import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { beforeEach, describe, expect, it } from "vitest";
import { hasUnseenPatchNote, markPatchNotesSeen, PATCH_NOTES_SEEN_KEY, readPatchNotesSeen, usePatchNotesSeen } from "./patch-notes-seen";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const latest = (createdAt: string, notify = true) => ({ id: "n1", createdAt, notify });
const T = Date.parse("2026-11-20T10:00:00.000Z");

describe("the About dot", () => {
  beforeEach(() => localStorage.clear());

  it("shows for a notifying note newer than the seen time, never otherwise", () => {
    expect(hasUnseenPatchNote(latest("2026-11-20T10:00:00.000Z"), 0)).toBe(true);
    expect(hasUnseenPatchNote(latest("2026-11-20T10:00:00.000Z"), T - 1)).toBe(true);
    expect(hasUnseenPatchNote(latest("2026-11-20T10:00:00.000Z"), T)).toBe(false);
    expect(hasUnseenPatchNote(latest("2026-11-20T10:00:00.000Z", false), 0)).toBe(false);
    expect(hasUnseenPatchNote(null, 0)).toBe(false);
    expect(hasUnseenPatchNote(undefined, 0)).toBe(false);
  });

  it("opening the notes stores the later of now and the newest note's time, and never goes back", () => {
    markPatchNotesSeen("2026-11-20T10:00:00.000Z", T - 60_000);
    expect(localStorage.getItem(PATCH_NOTES_SEEN_KEY)).toBe(String(T));
    markPatchNotesSeen(null, T - 5_000);
    expect(readPatchNotesSeen()).toBe(T);
    markPatchNotesSeen(null, T + 5_000);
    expect(readPatchNotesSeen()).toBe(T + 5_000);
  });

  it("a tab re-reads the seen time when this tab or another one marks the notes seen", () => {
    const seen = { current: -1 };
    function Probe() {
      seen.current = usePatchNotesSeen();
      return null;
    }
    act(() => createRoot(document.createElement("div")).render(createElement(Probe)));
    expect(seen.current).toBe(0);
    act(() => markPatchNotesSeen(null, T));
    expect(seen.current).toBe(T);
    // Another tab writes the key: this tab hears it through the storage event.
    act(() => {
      localStorage.setItem(PATCH_NOTES_SEEN_KEY, String(T + 1000));
      window.dispatchEvent(new StorageEvent("storage", { key: PATCH_NOTES_SEEN_KEY }));
    });
    expect(seen.current).toBe(T + 1000);
  });
});

import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startNavbarPreview, stopNavbarPreview, useNavbarPreview, type NavbarPreview } from "./navbar-preview";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What a mounted component (the top-bar avatar) currently reads. */
function mount() {
  const seen = { current: null as NavbarPreview | null };
  function Probe() {
    seen.current = useNavbarPreview();
    return null;
  }
  act(() => createRoot(document.createElement("div")).render(createElement(Probe)));
  return seen;
}

describe("navbar item preview", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => stopNavbarPreview());
    vi.useRealTimers();
  });

  it("shows the tried item for 90 seconds, then the equipped one again", () => {
    const seen = mount();
    act(() => startNavbarPreview(12, 1));
    expect(seen.current).toMatchObject({ itemId: 12, variant: 1 });
    act(() => vi.advanceTimersByTime(89_999));
    expect(seen.current?.itemId).toBe(12);
    act(() => vi.advanceTimersByTime(1));
    expect(seen.current).toBeNull();
  });

  it("a new try restarts the 90 seconds; stopping ends it at once", () => {
    const seen = mount();
    act(() => startNavbarPreview(3));
    act(() => vi.advanceTimersByTime(60_000));
    act(() => startNavbarPreview(4));
    act(() => vi.advanceTimersByTime(60_000));
    expect(seen.current?.itemId).toBe(4);
    act(() => stopNavbarPreview());
    expect(seen.current).toBeNull();
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fileSettingsStore } from "../src/main/settings-store";
import { DEFAULT_SIZE, restoreBounds, trackWindowState } from "../src/main/window-state";
import { FakeEmitter } from "./fakes";

const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];

describe("window state", () => {
  afterEach(() => vi.useRealTimers());

  it("reopens where it was, maximised or not", () => {
    expect(restoreBounds({ x: 100, y: 80, width: 1000, height: 700, maximized: true }, screen)).toEqual({
      x: 100,
      y: 80,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });

  it("a first launch gets the default size, centred by the system", () => {
    expect(restoreBounds(undefined, screen)).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });

  it("a window left on an unplugged second screen comes back onto a visible one", () => {
    const r = restoreBounds({ x: 2500, y: 100, width: 1200, height: 800, maximized: false }, screen);
    expect(r.x).toBeUndefined();
    expect(r.y).toBeUndefined();
    expect(r).toMatchObject({ width: 1200, height: 800 });
  });

  it("a tiny remembered size is raised to the minimum", () => {
    expect(restoreBounds({ x: 10, y: 10, width: 50, height: 50, maximized: false }, screen)).toMatchObject({ width: 480, height: 560 });
  });

  it("saves after moves settle, and at once on close", () => {
    vi.useFakeTimers();
    const win = Object.assign(new FakeEmitter(), {
      getNormalBounds: () => ({ x: 5, y: 6, width: 900, height: 700 }),
      isMaximized: () => false,
    });
    const saved: unknown[] = [];
    trackWindowState(win, (s) => saved.push(s));
    win.emit("move");
    win.emit("resize");
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(saved).toEqual([{ x: 5, y: 6, width: 900, height: 700, maximized: false }]);
    win.emit("close");
    expect(saved).toHaveLength(2);
  });
});

describe("settings file", () => {
  it("remembers the server and the window between launches", () => {
    const file = join(mkdtempSync(join(tmpdir(), "planify-settings-")), "settings.json");
    fileSettingsStore(file).update({ serverOrigin: "https://planify.lycee.fr" });
    fileSettingsStore(file).update({ window: { x: 1, y: 2, width: 800, height: 600, maximized: false } });
    expect(fileSettingsStore(file).read()).toEqual({
      serverOrigin: "https://planify.lycee.fr",
      window: { x: 1, y: 2, width: 800, height: 600, maximized: false },
    });
    expect(JSON.parse(readFileSync(file, "utf8")).serverOrigin).toBe("https://planify.lycee.fr");
  });

  it("a damaged file starts the app as on its first run instead of failing", () => {
    const file = join(mkdtempSync(join(tmpdir(), "planify-settings-")), "settings.json");
    writeFileSync(file, "{ pas du json");
    expect(fileSettingsStore(file).read()).toEqual({});
  });
});

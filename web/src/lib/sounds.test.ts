import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("playSound", () => {
  it("does nothing, without throwing, where WebAudio is missing", async () => {
    vi.stubGlobal("AudioContext", undefined);
    const { playSound } = await import("./sounds");
    expect(() => playSound("error")).not.toThrow();
  });

  it("schedules tones scaled by the volume and none at volume 0", async () => {
    const gains: number[] = [];
    const started = vi.fn();
    class FakeContext {
      state = "running";
      currentTime = 0;
      destination = {};
      createOscillator() {
        return {
          type: "sine",
          frequency: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
          connect: (g: unknown) => g,
          start: started,
          stop() {},
        };
      }
      createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime: (v: number) => gains.push(v) }, connect: () => undefined };
      }
    }
    vi.stubGlobal("AudioContext", FakeContext);
    const { playSound } = await import("./sounds");
    playSound("success", 0);
    expect(started).not.toHaveBeenCalled();
    playSound("success", 1);
    expect(started).toHaveBeenCalledTimes(2);
    const loud = Math.max(...gains);
    gains.length = 0;
    playSound("success", 0.25);
    expect(Math.max(...gains)).toBeCloseTo(loud / 4);
  });
});

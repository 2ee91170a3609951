import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Connectivity = typeof import("./connectivity");
let c: Connectivity;
let fetchMock: ReturnType<typeof vi.fn>;
const unsubscribe: (() => void)[] = [];

const healthCalls = () => fetchMock.mock.calls.filter(([url]) => url === "/api/health").length;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  c = await import("./connectivity");
  fetchMock = vi.fn(async () => new Response("{}", { headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  for (const u of unsubscribe.splice(0)) u();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A page that watches the connection (the banner) and one thing waiting for it (the check queue). */
function watch() {
  const changes = vi.fn();
  const chances = vi.fn();
  unsubscribe.push(c.subscribeConnectivity(changes), c.onConnectionChance(chances));
  return { changes, chances };
}

describe("the connectivity judgement", () => {
  it("no answer is judged by what happened to the call, an abort the caller asked for is not 'offline'", () => {
    expect(c.isNoAnswer(new TypeError("Failed to fetch"))).toBe(true);
    expect(c.isNoAnswer(new DOMException("signal timed out", "TimeoutError"))).toBe(true);
    // An abort nobody asked for (the browser dropped the request) is no answer either.
    expect(c.isNoAnswer(new DOMException("aborted", "AbortError"))).toBe(true);
    expect(c.isNoAnswer(new DOMException("aborted", "AbortError"), true)).toBe(false);
    expect(c.isNoAnswer(new Error("bug"))).toBe(false);
  });

  it("a call that got no answer makes the app offline though navigator.onLine still says true", () => {
    const { changes } = watch();
    expect(navigator.onLine).toBe(true);
    expect(c.isOffline()).toBe(false);
    c.reportReachable(false);
    expect(c.isOffline()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it("while the server is unreachable it is probed every few seconds; its answer brings the app back and wakes who waits", async () => {
    const { chances } = watch();
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    c.reportReachable(false);
    expect(healthCalls()).toBe(0);
    await vi.advanceTimersByTimeAsync(c.PROBE_MS);
    expect(healthCalls()).toBe(1);
    expect(c.isOffline()).toBe(true);
    expect(chances).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(new Response("{}"));
    await vi.advanceTimersByTimeAsync(c.PROBE_MS);
    expect(healthCalls()).toBe(2);
    expect(c.isOffline()).toBe(false);
    expect(chances).toHaveBeenCalledTimes(1);
    // Online again: no more probes.
    await vi.advanceTimersByTimeAsync(c.PROBE_MS * 5);
    expect(healthCalls()).toBe(2);
  });

  it("focus and a tab shown again look at once (no waiting for the next probe) and wake who waits", async () => {
    const { chances } = watch();
    c.reportReachable(false);
    window.dispatchEvent(new Event("focus"));
    await vi.advanceTimersByTimeAsync(0);
    expect(healthCalls()).toBe(1);
    expect(c.isOffline()).toBe(false);
    // Told once by the focus itself, once by the way back.
    expect(chances).toHaveBeenCalledTimes(2);
    chances.mockClear();
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(chances).toHaveBeenCalledTimes(1);
    // Online, focus does not probe.
    expect(healthCalls()).toBe(1);
  });

  it("the browser's 'online' event wakes who waits once, and is checked by a probe when a call had failed", async () => {
    const { chances } = watch();
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    window.dispatchEvent(new Event("offline"));
    expect(c.isOffline()).toBe(true);
    // Offline by the browser's word: no probe is spent.
    await vi.advanceTimersByTimeAsync(c.PROBE_MS * 3);
    expect(healthCalls()).toBe(0);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    expect(c.isOffline()).toBe(false);
    expect(chances).toHaveBeenCalledTimes(1);

    // A failed call, then 'online' again: the probe judges before the app says online.
    c.reportReachable(false);
    chances.mockClear();
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(healthCalls()).toBe(1);
    expect(c.isOffline()).toBe(true);
  });
});

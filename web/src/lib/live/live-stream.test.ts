import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveEvent } from "@planify/common/schemas/live";
import { fakeLogin } from "../test-session";
import { fakeLiveFetch, settle } from "./test-sse";

type Modules = {
  stream: typeof import("./live-stream");
  connection: typeof import("./live-connection");
  bus: typeof import("./live-bus");
  session: typeof import("../session");
  backoff: typeof import("./backoff");
};
let m: Modules;
let server: ReturnType<typeof fakeLiveFetch>;
const stops: (() => void)[] = [];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
  m = {
    stream: await import("./live-stream"),
    connection: await import("./live-connection"),
    bus: await import("./live-bus"),
    session: await import("../session"),
    backoff: await import("./backoff"),
  };
  server = fakeLiveFetch();
  vi.stubGlobal("fetch", server.fetch);
  m.session.saveLogin(fakeLogin(), true);
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Starts the app's stream for the signed-in user and records every event the bus hands out. */
function start(opts: { keepWhenHidden?: boolean } = {}) {
  const seen: LiveEvent[] = [];
  stops.push(
    m.bus.onLiveEvent(["tasks", "coins", "gift", "popup", "profile", "reset", "submissions"], (e) => seen.push(e)),
    m.connection.startLiveUpdates("u1", { keepWhenHidden: opts.keepWhenHidden ?? false }),
  );
  return seen;
}

describe("the live stream", () => {
  it("opens GET /api/live with the session's Bearer token and hands each event to its kind, even cut mid-line", async () => {
    const seen = start();
    await settle();
    expect(server.calls).toHaveLength(1);
    expect(server.last().url).toBe("/api/live");
    expect(server.last().headers.Authorization).toBe("Bearer token-u1");
    expect(server.last().headers["Last-Event-ID"]).toBeUndefined();
    expect(m.bus.getLiveStatus()).toBe("open");

    const s = server.last().stream;
    s.push(': ping\n\nid: 1\nevent: tasks\ndata: {"taskId":"t9"}\n\nid: 2\nevent: co');
    s.push('ins\ndata: {}\n\nid: 3\nevent: not-a-kind-yet\ndata: {}\n\nid: 4\nevent: profile\ndata: {"userId":"u7","extra":1}\n\n');
    await settle();
    expect(seen).toEqual([
      { id: "1", kind: "tasks", data: { taskId: "t9" } },
      { id: "2", kind: "coins", data: {} },
      { id: "4", kind: "profile", data: { userId: "u7" } },
    ]);
  });

  it("after a drop, reconnects with Last-Event-ID of the last event seen and gets what happened meanwhile", async () => {
    const seen = start();
    await settle();
    server.last().stream.push("id: 41\nevent: tasks\ndata: {}\n\nid: 42\nevent: coins\ndata: {}\n\n");
    await settle();
    server.last().stream.fail();
    await settle();
    expect(m.bus.getLiveStatus()).toBe("down");
    expect(m.bus.isLiveConnected()).toBe(false);

    await settle(1_000); // the first wait is at most 1 s
    expect(server.calls).toHaveLength(2);
    expect(server.last().headers["Last-Event-ID"]).toBe("42");
    server.last().stream.push("id: 43\nevent: gift\ndata: {}\n\n");
    await settle();
    expect(m.bus.getLiveStatus()).toBe("open");
    expect(seen.map((e) => e.id)).toEqual(["41", "42", "43"]);
    // No gap: the server replays, the app does not reload everything.
    expect(seen.some((e) => e.kind === "reset")).toBe(false);
  });

  it("a drop before any event id cannot resume: the app treats it as a reset (reloads what it shows)", async () => {
    const seen = start();
    await settle();
    server.last().stream.end();
    await settle(1_000);
    expect(server.calls).toHaveLength(2);
    expect(seen.map((e) => e.kind)).toEqual(["reset"]);
  });

  it("an id alone (no event) is where the stream resumes: no gap, nothing dispatched", async () => {
    const seen = start();
    await settle();
    server.last().stream.push(": ouvert\n\nid: 99\n\n");
    await settle();
    server.last().stream.fail();
    await settle(1_000);
    expect(server.last().headers["Last-Event-ID"]).toBe("99");
    expect(seen).toEqual([]);
  });

  it("waits longer after each failed attempt, with jitter, up to 30 s", async () => {
    const { reconnectDelay } = m.backoff;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect([0, 1, 5].map((n) => reconnectDelay(n, () => 0))).toEqual([500, 1_000, 15_000]);

    const connect = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const times: number[] = [];
    connect.mockImplementation(async () => {
      times.push(Date.now());
      throw new TypeError("Failed to fetch");
    });
    const t0 = Date.now();
    const s = m.stream.startLiveStream({ connect, onEvent: () => undefined, random: () => 1 });
    stops.push(() => s.stop());
    await settle(70_000);
    expect(times.map((t) => t - t0)).toEqual([0, 1_000, 3_000, 7_000, 15_000, 31_000, 61_000]);
  });

  it("streams the server keeps closing (too many tabs) come back less and less often; one that ran long comes back at once", async () => {
    const opened: number[] = [];
    const t0 = Date.now();
    const s = m.stream.startLiveStream({
      connect: (_id, signal) => {
        opened.push(Date.now() - t0);
        return server.fetch("/api/live", { signal });
      },
      onEvent: () => undefined,
      random: () => 1,
    });
    stops.push(() => s.stop());
    /** Waits for the next connection, keeps it up `ms` (heartbeats), then the server closes it. */
    let seen = 0;
    const runFor = async (ms: number) => {
      while (server.calls.length === seen) await settle(500);
      seen = server.calls.length;
      for (let at = 0; at < ms; at += 20_000) {
        server.last().stream.push(": ping\n\n");
        await settle(Math.min(20_000, ms - at));
      }
      server.last().stream.end();
      await settle();
    };
    // Each stream lives 90 s, then the server closes it (another tab took its place).
    for (let i = 0; i < 4; i++) await runFor(90_000);
    while (server.calls.length === seen) await settle(500);
    // Waits of 1, 2, 4 then 8 s between them, not a reconnection every second.
    expect(opened).toEqual([0, 91_000, 183_000, 277_000, 375_000]);

    // A stream that ran past CLOSED_STABLE_MS (a node restarted) is asked again after 1 s.
    await runFor(m.stream.CLOSED_STABLE_MS);
    while (server.calls.length === seen) await settle(500);
    expect(opened.at(-1)).toBe(375_000 + m.stream.CLOSED_STABLE_MS + 1_000);
  });

  it("a connection that comes back from offline is tried at once, not at the end of the wait", async () => {
    start();
    await settle();
    server.setOffline(true);
    server.last().stream.fail();
    for (let i = 0; i < 6; i++) await settle(30_000);
    const before = server.fetch.mock.calls.length;
    server.setOffline(false);
    window.dispatchEvent(new Event("online"));
    await settle();
    expect(server.fetch.mock.calls.length).toBeGreaterThan(before);
    expect(m.bus.getLiveStatus()).toBe("open");
  });

  it("a 401 ends the session as any call does, and the stream never comes back", async () => {
    server.refuseWith(401);
    start();
    await settle();
    expect(server.calls).toHaveLength(0);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(m.session.getToken()).toBeNull();
    expect(m.bus.getLiveStatus()).toBe("off");
    await settle(120_000);
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it("a stream silent past two heartbeats is taken for dead and opened again", async () => {
    start();
    await settle();
    server.last().stream.push(": ping\n\n");
    await settle(m.stream.SILENCE_MS - 1);
    expect(server.calls).toHaveLength(1);
    await settle(1 + 1_000);
    expect(server.calls).toHaveLength(2);
  });

  it("a hidden tab lets its stream go after the grace time, then resumes from the last id when shown", async () => {
    const seen = start();
    await settle();
    server.last().stream.push("id: 7\nevent: tasks\ndata: {}\n\n");
    await settle();
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    // The server's heartbeats keep the hidden tab's stream up until the grace time is over.
    for (let at = 0; at < m.connection.HIDDEN_GRACE_MS; at += 25_000) {
      expect(m.bus.getLiveStatus()).toBe("open");
      server.last().stream.push(": ping\n\n");
      await settle(25_000);
    }
    expect(server.calls).toHaveLength(1);
    expect(m.bus.getLiveStatus()).toBe("paused");
    // Paused counts as covered: the features do not start polling in a hidden tab.
    expect(m.bus.isLiveConnected()).toBe(true);

    visibility.mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    await settle();
    expect(server.calls).toHaveLength(2);
    expect(server.last().headers["Last-Event-ID"]).toBe("7");
    expect(m.bus.getLiveStatus()).toBe("open");
    expect(seen.map((e) => e.kind)).toEqual(["tasks"]);
  });

  it("sign-out stops the stream; a new sign-in of the same user resumes from the last id", async () => {
    start();
    await settle();
    server.last().stream.push("id: 12\nevent: coins\ndata: {}\n\n");
    await settle();
    stops.pop()?.();
    expect(m.bus.getLiveStatus()).toBe("off");
    stops.push(m.connection.startLiveUpdates("u1", { keepWhenHidden: false }));
    await settle();
    expect(server.last().headers["Last-Event-ID"]).toBe("12");
    stops.pop()?.();
    // Another user never resumes from someone else's id.
    stops.push(m.connection.startLiveUpdates("u2", { keepWhenHidden: false }));
    await settle();
    expect(server.last().headers["Last-Event-ID"]).toBeUndefined();
  });
});

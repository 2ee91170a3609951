// Polling is the fallback of the live stream: the polls it replaces run only while it is down.
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POPUP_POLL_MS } from "@planify/common/constants/limits";
import { PUBLIC_NOTE_POLL_MS } from "@planify/common/constants/social";
import { useAnnouncement } from "../features/announcements/use-announcement";
import { useUserProfile } from "../features/profile/api/profile-api";
import { setLiveStatus, type LiveStatus } from "../lib/live/live-bus";
import { LATEST_META_POLL_MS, usePatchNotesDot } from "../lib/patch-notes-seen";
import { cleanup, json, mount, routeFetch, signIn } from "../lib/social/test-fixtures";

let routes: ReturnType<typeof routeFetch>;
const calls = (path: string) => routes.calls.filter((c) => c.url === path).length;
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const status = (s: LiveStatus) => act(() => setLiveStatus(s));

function Polled() {
  useUserProfile("u7");
  useAnnouncement();
  usePatchNotesDot();
  return null;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  routes = routeFetch({
    "GET /users/u7": () => json(200, { success: true, user: { id: "u7", username: "lea", publicNote: "" } }),
    "GET /popups/for-me": () => new Response(null, { status: 204 }),
    "GET /patch-notes/latest-meta": () => json(200, { success: true, latest: null }),
  });
  vi.stubGlobal("fetch", routes.fetch);
  signIn();
});
afterEach(async () => {
  setLiveStatus("off");
  await cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("polling while the live stream is down only", () => {
  it("no poll while the stream is open (or paused in a hidden tab); each poll comes back when it drops", async () => {
    setLiveStatus("open");
    await mount(<Polled />);
    await advance(10);
    const first = { profile: calls("/users/u7"), popup: calls("/popups/for-me"), meta: calls("/patch-notes/latest-meta") };
    expect(first).toEqual({ profile: 1, popup: 1, meta: 1 });

    await advance(LATEST_META_POLL_MS);
    await status("paused");
    await advance(LATEST_META_POLL_MS);
    expect({ profile: calls("/users/u7"), popup: calls("/popups/for-me"), meta: calls("/patch-notes/latest-meta") }).toEqual(first);

    await status("down");
    await advance(PUBLIC_NOTE_POLL_MS);
    expect(calls("/users/u7")).toBe(2);
    await advance(POPUP_POLL_MS - PUBLIC_NOTE_POLL_MS);
    expect(calls("/popups/for-me")).toBe(2);
    await advance(LATEST_META_POLL_MS);
    expect(calls("/patch-notes/latest-meta")).toBe(2);

    // Back up: the polls stop again.
    await status("open");
    const back = { profile: calls("/users/u7"), popup: calls("/popups/for-me"), meta: calls("/patch-notes/latest-meta") };
    await advance(LATEST_META_POLL_MS * 2);
    expect({ profile: calls("/users/u7"), popup: calls("/popups/for-me"), meta: calls("/patch-notes/latest-meta") }).toEqual(back);
  });
});

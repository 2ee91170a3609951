// The app's side of the live stream: features subscribe to kinds of events here, and read
// whether the stream is up (their polling is only the fallback while it is down). Kept tiny
// and free of the stream itself (live-stream.ts, loaded after the first paint): first-page
// modules import these hooks.
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { LiveEvent, LiveKind } from "@planify/common/schemas/live";

/**
 * off: nobody is signed in (or the stream gave up: 401); connecting / down: no stream yet or
 * between two attempts (polling runs); open: events arrive; paused: a hidden tab let its stream
 * go and replays what it missed when shown again, so nothing needs polling meanwhile.
 */
export type LiveStatus = "off" | "connecting" | "open" | "down" | "paused";

type Handler = (event: LiveEvent) => void;
const handlers = new Map<LiveKind, Set<Handler>>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = "off";

/** Calls `handler` for every event of these kinds; returns the function that stops it. */
export function onLiveEvent(kinds: LiveKind | readonly LiveKind[], handler: Handler): () => void {
  const list = typeof kinds === "string" ? [kinds] : kinds;
  for (const kind of list) {
    const set = handlers.get(kind) ?? new Set<Handler>();
    handlers.set(kind, set);
    set.add(handler);
  }
  return () => {
    for (const kind of list) handlers.get(kind)?.delete(handler);
  };
}

/** Hands one event to its subscribers; one that throws does not keep it from the others. */
export function dispatchLiveEvent(event: LiveEvent): void {
  for (const handler of [...(handlers.get(event.kind) ?? [])]) {
    try {
      handler(event);
    } catch (error) {
      // A feature's bug must not stop the stream nor the other features: report and go on.
      console.error(`[live] ${event.kind}`, error);
    }
  }
}

export function getLiveStatus(): LiveStatus {
  return status;
}

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

export function subscribeLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Whether the stream covers updates now (open, or paused in a hidden tab that will replay). */
export const isLiveConnected = (s: LiveStatus = status) => s === "open" || s === "paused";

/** React view of isLiveConnected(): false while the stream is down, so polling takes over. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    subscribeLiveStatus,
    () => isLiveConnected(),
    () => false,
  );
}

/** A poll's interval while the stream is down, false (no polling) while it is up. */
export function useLiveFallback(intervalMs: number): number | false {
  return useLiveConnected() ? false : intervalMs;
}

/**
 * Calls `handler` for each event of these kinds while the component is mounted. The handler
 * may change on every render (the latest one is called); the kinds are fixed at mount.
 */
export function useLiveEvent(kinds: LiveKind | readonly LiveKind[], handler: Handler): void {
  const latest = useRef(handler);
  latest.current = handler;
  const key = typeof kinds === "string" ? kinds : kinds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the kinds (a new array each render).
  useEffect(() => onLiveEvent(kinds, (event) => latest.current(event)), [key]);
}

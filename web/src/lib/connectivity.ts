// Whether the app can reach the server. A call that got no answer is judged by what happened
// to it, not by the browser's flag alone: navigator.onLine stays true on a dead or captive
// Wi-Fi (and under some emulated offline modes). While the server is judged unreachable, a
// small probe asks /api/health every few seconds (and at once on 'online', focus or a tab
// shown again), so the app knows it is back within seconds, not at the next call of a screen.
// Kept tiny: the api client imports it, so it is part of the first page.
import { useSyncExternalStore } from "react";

/** What an action that needs the server says when the device has no connection. */
export const NEEDS_CONNECTION = "Hors ligne : cette action nécessite une connexion Internet.";
/** Window event fired when a user's action was stopped for lack of a connection (the layout shows NEEDS_CONNECTION). */
export const NEEDS_CONNECTION_EVENT = "planify:needs-connection";
/** How often the server is asked whether it answers again while the app is offline. */
export const PROBE_MS = 3_000;
/** The probe: a cheap call, never answered by the service worker. */
const PROBE_URL = "/api/health";

type Listener = () => void;
const listeners = new Set<Listener>();
const chanceListeners = new Set<Listener>();
let unreachable = false;
let started = false;
let lastOffline = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probing = false;

const browserOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

/** True when the browser says it is offline or the last API call found no server. */
export function isOffline(): boolean {
  return !browserOnline() || unreachable;
}

/**
 * Whether a failed call means "no connection": it got no answer at all (fetch's TypeError, an
 * upload's network error, a timeout, an abort the page did not ask for), whatever
 * navigator.onLine says. An abort the caller asked for itself (`abortedByCaller`) is not one.
 */
export function isNoAnswer(error: unknown, abortedByCaller = false): boolean {
  if (abortedByCaller) return false;
  const name = (error as { name?: unknown } | null)?.name;
  return error instanceof TypeError || name === "TypeError" || name === "AbortError" || name === "TimeoutError" || name === "NetworkError";
}

/** Tells the watchers; returns true when this was the way back from offline (those who wait were told). */
function emit(): boolean {
  const offline = isOffline();
  const back = lastOffline && !offline;
  lastOffline = offline;
  for (const l of listeners) l();
  // Back from offline: whatever waited for the connection may go now.
  if (back) for (const l of chanceListeners) l();
  scheduleProbe();
  return back;
}

/** Asks the server once; any answer (even an error status) means it is reachable. */
export async function probe(): Promise<boolean> {
  if (probing || typeof fetch === "undefined") return !unreachable;
  probing = true;
  try {
    await fetch(PROBE_URL, { cache: "no-store", headers: { "X-Requested-With": "XMLHttpRequest" } });
    reportReachable(true);
    return true;
  } catch {
    reportReachable(false);
    return false;
  } finally {
    probing = false;
    scheduleProbe();
  }
}

function scheduleProbe() {
  // Only while the server is judged unreachable and the browser does not itself say offline
  // (then its 'online' event tells when to look again), and only for a page someone watches.
  const wanted = unreachable && browserOnline() && listeners.size > 0;
  if (!wanted) {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    return;
  }
  if (probeTimer === undefined && !probing) {
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      void probe();
    }, PROBE_MS);
  }
}

/** A moment when the connection may be back: tell who waits, and look at once if we thought it gone. */
function chance() {
  for (const l of chanceListeners) l();
  if (isOffline() && browserOnline() && listeners.size + chanceListeners.size > 0) void probe();
}

function start() {
  if (started || typeof window === "undefined") return;
  started = true;
  lastOffline = isOffline();
  window.addEventListener("online", () => {
    // The browser's word is worth a look, not a verdict: a server judged unreachable is probed.
    if (!emit()) chance();
  });
  window.addEventListener("offline", () => void emit());
  window.addEventListener("focus", chance);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") chance();
  });
}

/** The API client reports each call: false when it never got an answer, true when it did. */
export function reportReachable(reached: boolean): void {
  if (unreachable === !reached) return;
  unreachable = !reached;
  emit();
}

export function subscribeConnectivity(listener: Listener): () => void {
  start();
  listeners.add(listener);
  scheduleProbe();
  return () => {
    listeners.delete(listener);
    scheduleProbe();
  };
}

/**
 * Calls `listener` whenever the connection may be back: the browser's 'online' event, the
 * window regaining focus, the tab shown again, and the server answering again after the app
 * judged it offline. For work that waits on the connection (checks made offline, the balance).
 */
export function onConnectionChance(listener: Listener): () => void {
  start();
  chanceListeners.add(listener);
  return () => chanceListeners.delete(listener);
}

/** React view of isOffline(). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
}

// Whether the app can reach the server: the browser's own flag, corrected by what the API
// client sees (a call that never got an answer while the flag still says online, a call
// answered again). Kept tiny: the api client imports it, so it is part of the first page.
import { useSyncExternalStore } from "react";

/** What an action that needs the server says when the device has no connection. */
export const NEEDS_CONNECTION = "Hors ligne : cette action nécessite une connexion Internet.";
/** Window event fired when a user's action was stopped for lack of a connection (the layout shows NEEDS_CONNECTION). */
export const NEEDS_CONNECTION_EVENT = "planify:needs-connection";

type Listener = () => void;
const listeners = new Set<Listener>();
let unreachable = false;
let started = false;

const browserOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

function emit() {
  for (const l of listeners) l();
}

function start() {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", () => {
    unreachable = false;
    emit();
  });
  window.addEventListener("offline", emit);
}

/** True when the browser says it is offline or the last API call found no server. */
export function isOffline(): boolean {
  return !browserOnline() || unreachable;
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
  return () => listeners.delete(listener);
}

/** React view of isOffline(). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
}

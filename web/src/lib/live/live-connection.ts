// The one stream of this app while someone is signed in: started by useLiveUpdates (the
// layout's live host), with the session's token; events go to the bus (live-bus.ts).
//
// Hidden tabs: a browser tab hidden for HIDDEN_GRACE_MS lets its stream go (the server keeps
// only LIVE_STREAMS_PER_USER per user, and a tab nobody looks at need not hold one) and opens
// it again when shown, from the last event id: the server replays what happened meanwhile
// (or sends `reset`). While paused nothing polls. Planify Desktop keeps its stream while
// hidden: its notifications (gifts, announcements) are for when the window is not in front.
import { LIVE_PATH } from "@planify/common/schemas/live";
import { authHeaders, isSessionCall, send } from "../api";
import { onConnectionChance } from "../connectivity";
import { getDesktopBridge } from "../desktop-bridge";
import { dispatchLiveEvent, setLiveStatus } from "./live-bus";
import { type LiveStream, startLiveStream } from "./live-stream";

/** How long a hidden browser tab keeps its stream. */
export const HIDDEN_GRACE_MS = 5 * 60_000;

/** The id to resume from, per user: a new token of the same user (a re-login) picks up there. */
let resume: { userId: string; id: string | null } | null = null;

/** GET /api/live with the session's token; a 401 ends the session as on any call (api.ts). */
export function connectLive(lastEventId: string | null, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { ...authHeaders(), Accept: "text/event-stream" };
  if (lastEventId) headers["Last-Event-ID"] = lastEventId;
  return send(
    LIVE_PATH,
    { method: "GET", headers, signal, cache: "no-store" },
    { sessionCall: isSessionCall(headers, {}), background: true, signal },
  );
}

export interface LiveUpdatesOptions {
  connect?: typeof connectLive;
  /** Whether the stream stays while the page is hidden (default: in Planify Desktop only). */
  keepWhenHidden?: boolean;
}

/** Starts the stream for this user; returns the function that stops it (sign-out, new token). */
export function startLiveUpdates(userId: string, opts: LiveUpdatesOptions = {}): () => void {
  const keepWhenHidden = opts.keepWhenHidden ?? getDesktopBridge() !== null;
  if (resume?.userId !== userId) resume = { userId, id: null };
  let stream: LiveStream | null = null;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;

  const open = (reopening: boolean) => {
    stream = startLiveStream({
      reopening,
      connect: opts.connect ?? connectLive,
      lastEventId: resume?.id ?? null,
      onEvent: (event) => {
        if (resume) resume.id = event.id || resume.id;
        dispatchLiveEvent(event);
      },
      // Nothing to resume from after a drop: treated like the server's `reset`.
      onGap: () => dispatchLiveEvent({ id: "", kind: "reset", data: {} }),
      onStatus: setLiveStatus,
    });
  };
  const pause = () => {
    if (!stream) return;
    if (resume) resume.id = stream.lastEventId();
    stream.stop();
    stream = null;
    setLiveStatus("paused");
  };
  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === "hidden") {
      if (!keepWhenHidden) hiddenTimer = setTimeout(pause, HIDDEN_GRACE_MS);
    } else if (!stream) {
      open(true);
    }
  };

  open(false);
  // A tab opened in the background starts its grace time at once.
  onVisibility();
  document.addEventListener("visibilitychange", onVisibility);
  const stopChances = onConnectionChance(() => stream?.retryNow());
  return () => {
    clearTimeout(hiddenTimer);
    document.removeEventListener("visibilitychange", onVisibility);
    stopChances();
    if (stream && resume) resume.id = stream.lastEventId();
    stream?.stop();
    stream = null;
    setLiveStatus("off");
  };
}

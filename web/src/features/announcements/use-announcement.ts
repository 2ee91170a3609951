import { useCallback, useEffect, useRef, useState } from "react";
import { POPUP_POLL_MS } from "@planify/common/constants/limits";
import { notifyDesktop, plainText } from "../../lib/desktop-bridge";
import { useSession } from "../../lib/use-session";
import { useLiveConnected, useLiveEvent } from "../../lib/live/live-bus";
import { PENDING_POPUP_KEY, readPending, removePending, writePending, type PendingPopup } from "./pending-popup";

// The calls load with the typed client after the first paint (both run from effects): the
// client and openapi-fetch stay off the first page.
const popupsApi = () => import("./api/popups-api");

/**
 * The announcement to show: asked at start and whenever the live stream says one was sent (or
 * after its `reset`); polled every 30 s only while the stream is down. Kept in local storage
 * until acknowledged so that a reload shows it again at once.
 */
export function useAnnouncement(): { popup: PendingPopup | null; dismiss: () => void } {
  const userId = useSession()?.user.id ?? null;
  const [popup, setPopup] = useState<PendingPopup | null>(null);
  const shown = useRef<PendingPopup | null>(null);
  const pollRef = useRef<() => void>(() => undefined);
  const live = useLiveConnected();

  const show = useCallback((next: PendingPopup | null) => {
    shown.current = next;
    setPopup(next);
  }, []);

  useEffect(() => {
    if (!userId) {
      show(null);
      return;
    }
    let cancelled = false;
    show(readPending(userId));
    const poll = async () => {
      try {
        const next = await (await popupsApi()).fetchMyPopup();
        if (cancelled || !next || shown.current) return;
        const pending = { ...next, userId };
        writePending(pending);
        show(pending);
        notifyDesktop("Nouvelle annonce", plainText(pending.html));
      } catch {
        // Offline or server busy: the next tick tries again.
      }
    };
    pollRef.current = () => void poll();
    void poll();
    // Acknowledged in another tab: close it here too.
    const onStorage = (e: StorageEvent) => {
      if ((e.key === PENDING_POPUP_KEY || e.key === null) && shown.current && !readPending(userId)) show(null);
    };
    window.addEventListener("storage", onStorage);
    return () => {
      cancelled = true;
      window.removeEventListener("storage", onStorage);
      pollRef.current = () => undefined;
    };
  }, [userId, show]);

  useLiveEvent(["popup", "reset"], () => pollRef.current());
  // The fallback: polling only while the stream is down.
  useEffect(() => {
    if (!userId || live) return;
    const timer = setInterval(() => pollRef.current(), POPUP_POLL_MS);
    return () => clearInterval(timer);
  }, [userId, live]);

  const dismiss = useCallback(() => {
    const current = shown.current;
    if (!current) return;
    removePending();
    show(null);
    // Once acknowledged, the next queued announcement (if any) comes straight away.
    // A plain call (no useMutation): it keeps the mutation machinery off the first page.
    popupsApi()
      .then((api) => api.acknowledgePopup(current.id))
      .then(
        () => pollRef.current(),
        () => undefined,
      );
  }, [show]);

  return { popup, dismiss };
}

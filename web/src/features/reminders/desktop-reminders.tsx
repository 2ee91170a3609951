import { useEffect } from "react";
import { isReminderRole } from "@planify/common/constants/reminders";
import type { SessionUser } from "@planify/common/schemas/users";
import { getDesktopBridge } from "../../lib/desktop-bridge";
import { thisDevice } from "../../lib/reminder-device";
import { answerOf, apiClient } from "../../lib/api/client";

const POLL_MS = 60_000;
const SHOWN_KEY = "planify:reminders-shown";

function shownIds(): Set<number> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(SHOWN_KEY) ?? "[]") as number[]);
  } catch {
    // Storage blocked or garbled: nothing counts as shown yet (a reminder may show twice, never zero times).
    return new Set();
  }
}

/**
 * In Planify Desktop (no push service there), fetches this window's reminders every minute,
 * shows each as a system notification through the bridge, then acknowledges the ones shown.
 * An id already shown is not shown again if its acknowledgement was lost. Renders nothing.
 */
export default function DesktopReminders({ user }: { user: SessionUser }) {
  useEffect(() => {
    const bridge = getDesktopBridge();
    if (!bridge || !isReminderRole(user.role)) return;
    let stopped = false;
    const poll = async () => {
      const device = thisDevice(user.id);
      if (!device || stopped) return;
      try {
        const { notifications } = await answerOf(apiClient.GET("/api/reminders/pending", { params: { query: { device } } }));
        const shown = shownIds();
        const ids: number[] = [];
        for (const r of notifications) {
          // The desktop shows nothing while its window has the focus: such a reminder stays
          // pending and is shown at a later poll, once the student is elsewhere.
          if (shown.has(r.id) || (await bridge.notify({ title: r.title, body: r.body.slice(0, 1000) }).catch(() => false))) ids.push(r.id);
        }
        sessionStorage.setItem(SHOWN_KEY, JSON.stringify([...new Set([...shown, ...ids])].slice(-200)));
        if (ids.length > 0) await answerOf(apiClient.POST("/api/reminders/pending/ack", { body: { device, ids } }));
      } catch {
        // Offline or signed out: the next poll tries again; nothing is lost server-side.
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [user.id, user.role]);
  return null;
}

import { useEffect } from "react";
import { useFeedback } from "../components/feedback";
import { useFlushChecks } from "../hooks/use-pending-checks";
import { readQueue } from "./check-queue";

/** While checks wait, how often they are tried again (the server may have been down while the browser said online). */
const RETRY_MS = 30_000;

/**
 * Sends the checks made offline: at start (a previous visit may have left some), each time
 * the browser says the connection is back, and every RETRY_MS while some wait. Mounted by
 * the layout for a signed-in user, whatever the page. A check the server refuses is dropped
 * with a French message.
 */
export default function CheckQueueSync({ userId }: { userId: string }) {
  const flush = useFlushChecks(userId);
  const feedback = useFeedback();
  useEffect(() => {
    let alive = true;
    const run = () => {
      void flush()
        .then((result) => {
          if (alive && result?.refused.length) feedback.error(result.refused.map((r) => r.message).join("\n"));
        })
        .catch(() => undefined);
    };
    run();
    window.addEventListener("online", run);
    const retry = setInterval(() => {
      if (navigator.onLine !== false && readQueue().some((e) => e.userId === userId)) run();
    }, RETRY_MS);
    return () => {
      alive = false;
      clearInterval(retry);
      window.removeEventListener("online", run);
    };
  }, [flush, feedback, userId]);
  return null;
}

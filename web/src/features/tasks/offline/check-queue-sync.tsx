import { useEffect } from "react";
import { useFeedback } from "../components/feedback";
import { useFlushChecks } from "../hooks/use-pending-checks";

/**
 * Sends the checks made offline: at start (a previous visit may have left some) and each
 * time the browser says the connection is back. Mounted by the layout for a signed-in user,
 * whatever the page. A check the server refuses is dropped with a French message.
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
    return () => {
      alive = false;
      window.removeEventListener("online", run);
    };
  }, [flush, feedback]);
  return null;
}

import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { onConnectionChance } from "../../../lib/connectivity";
import { COINS_KEYS } from "../../../lib/economy/coins-api";
import { useFeedback } from "../components/feedback";
import { useFlushChecks } from "../hooks/use-pending-checks";
import { readQueue } from "./check-queue";

/** While checks wait, how often they are tried again (the server may have been down while the browser said online). */
const RETRY_MS = 30_000;

/**
 * Sends the checks made offline: at start (a previous visit may have left some), each time
 * the connection may be back (the 'online' event, the window regaining focus, the tab shown
 * again, the server answering again: lib/connectivity), and every RETRY_MS while some wait. Mounted by
 * the layout for a signed-in user, whatever the page. A check the server refuses is dropped
 * with a French message.
 */
export default function CheckQueueSync({ userId }: { userId: string }) {
  const flush = useFlushChecks(userId);
  const feedback = useFeedback();
  const client = useQueryClient();
  useEffect(() => {
    let alive = true;
    const run = () => {
      void flush()
        .then((result) => {
          if (alive && result?.refused.length) feedback.error(result.refused.map((r) => r.message).join("\n"));
          // A check may cross a milestone: the top bar shows the wallet the server now has.
          if (alive && result?.sent.length) void client.invalidateQueries({ queryKey: COINS_KEYS.balance });
        })
        // The queue keeps what it could not send and tries again on the next connection chance.
        .catch(() => undefined);
    };
    run();
    const stopListening = onConnectionChance(() => {
      if (readQueue().some((e) => e.userId === userId)) run();
    });
    const retry = setInterval(() => {
      if (navigator.onLine !== false && readQueue().some((e) => e.userId === userId)) run();
    }, RETRY_MS);
    return () => {
      alive = false;
      clearInterval(retry);
      stopListening();
    };
  }, [flush, feedback, userId, client]);
  return null;
}

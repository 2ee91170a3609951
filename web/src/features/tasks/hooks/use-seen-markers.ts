import { useCallback, useEffect, useState } from "react";
import { isSeen, markSeen, SEEN_EVENT } from "../model/seen-markers";

/** "New" markers per task, re-rendering when one is marked (here or in another tab). */
export function useSeenMarkers() {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    window.addEventListener(SEEN_EVENT, bump);
    window.addEventListener("storage", bump);
    return () => {
      window.removeEventListener(SEEN_EVENT, bump);
      window.removeEventListener("storage", bump);
    };
  }, []);
  const mark = useCallback((id: string) => markSeen(id), []);
  return { isSeen, mark };
}

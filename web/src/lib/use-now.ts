import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `intervalMs` (a minute unless told; never when null),
 * for countdowns and "late" marks. One clock hook for every screen.
 */
export function useNow(intervalMs: number | null = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (intervalMs === null) return;
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}

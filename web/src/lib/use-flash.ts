import { useCallback, useEffect, useState } from "react";

/** Success banners of the admin area hide after 2 to 2.5 s. */
export const FLASH_MS = 2_500;

/** A success line that hides itself after FLASH_MS; `show(null)` hides it at once. */
export function useFlash(ms = FLASH_MS): [string | null, (text: string | null) => void] {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => setText(null), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return [text, useCallback((next: string | null) => setText(next), [])];
}

import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

const positions = new Map<string, number>();

/**
 * Scroll on navigation, as a multi-page site would: a new page opens at its top (or at its
 * #anchor), Back and Forward return to where the reader was. Runs once the new page is on
 * screen (navigations are transitions: the old page stays until the new one is ready).
 */
export function ScrollMemory() {
  const location = useLocation();
  const type = useNavigationType();
  const current = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    // Remembered while reading: by the time the next page commits, the old one is gone.
    const onScroll = () => positions.set(current.current, window.scrollY);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const saved = positions.get(location.key);
    if (type === "POP" && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (type !== "POP") window.scrollTo(0, 0);
  }, [location.key, location.hash, type]);

  return null;
}

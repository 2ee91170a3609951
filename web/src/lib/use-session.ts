import { useSyncExternalStore } from "react";
import { getSession, subscribe, type Session } from "./session";

/** The current session (null for guests); re-renders on login, logout and other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

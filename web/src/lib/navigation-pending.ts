import { createContext, useContext } from "react";

/** True while a navigation waits for its page (a lazy screen still downloading). */
export const NavigationPendingContext = createContext(false);

export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext);
}

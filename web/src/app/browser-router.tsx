import { useLayoutEffect, useRef, useState, useTransition, type ReactNode } from "react";
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router-dom";
import { NavigationPendingContext } from "../lib/navigation-pending";

type History = ReturnType<typeof createBrowserHistory>;

/**
 * A <BrowserRouter> that also says when a navigation is pending. The data router
 * (createBrowserRouter) did that too but doubles the router's weight on the first page;
 * here each location change is a React transition, so the current page stays on screen
 * while the next one's chunk downloads, and the top bar shows its progress line.
 */
export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const historyRef = useRef<History | null>(null);
  historyRef.current ??= createBrowserHistory({ window, v5Compat: true });
  const history = historyRef.current;
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <NavigationPendingContext.Provider value={pending}>
      <Router navigator={history} location={state.location} navigationType={state.action}>
        {children}
      </Router>
    </NavigationPendingContext.Provider>
  );
}

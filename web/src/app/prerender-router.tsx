import type { ReactNode } from "react";
import { createPath, Router } from "react-router-dom";
import { NavigationPendingContext } from "../lib/navigation-pending";

const noNavigation = () => {
  throw new Error("A prerendered page does not navigate.");
};

/** The router of a page rendered at build time: one location, no history (same shape as AppBrowserRouter). */
export function PrerenderRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <NavigationPendingContext.Provider value={false}>
      <Router
        location={location}
        navigator={{
          createHref: (to) => (typeof to === "string" ? to : createPath(to)),
          go: noNavigation,
          push: noNavigation,
          replace: noNavigation,
        }}
      >
        {children}
      </Router>
    </NavigationPendingContext.Provider>
  );
}

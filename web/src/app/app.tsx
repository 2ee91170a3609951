import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, useEffect } from "react";
import { AppBrowserRouter } from "./browser-router";
import { PrerenderRouter } from "./prerender-router";
import { AppRoutes } from "./router";

function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

const browserClient = newQueryClient();

/**
 * The whole app. In the browser it follows the address bar; given `location` (the build's
 * prerender of the guest home page, web/src/prerender.tsx) it renders that one page. Both
 * trees put the same elements in the page, so the browser can hydrate the prerendered markup.
 * `onMounted` runs once the page is in place (hydrated or rendered).
 */
export function App({ location, onMounted }: { location?: string; onMounted?: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page is first in place
  useEffect(() => onMounted?.(), []);
  return (
    <StrictMode>
      <QueryClientProvider client={location === undefined ? browserClient : newQueryClient()}>
        {location === undefined ? (
          <AppBrowserRouter>
            <AppRoutes />
          </AppBrowserRouter>
        ) : (
          <PrerenderRouter location={location}>
            <AppRoutes />
          </PrerenderRouter>
        )}
      </QueryClientProvider>
    </StrictMode>
  );
}

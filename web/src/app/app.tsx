import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AppBrowserRouter } from "./browser-router";
import { AppRoutes } from "./router";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppBrowserRouter>
        <AppRoutes />
      </AppBrowserRouter>
    </QueryClientProvider>
  );
}

import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { clearSession, saveLogin } from "../session";
import { fakeLogin } from "../test-session";
import { useSubjects } from "./use-subjects";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

async function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let names: string[] = [];
  function Probe() {
    names = useSubjects().names;
    return null;
  }
  root = createRoot(document.createElement("div"));
  await act(async () =>
    root!.render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  return () => names;
}

afterEach(() => {
  act(() => root?.unmount());
  vi.unstubAllGlobals();
  clearSession();
});

describe("the subjects store", () => {
  it("asks nothing of the server for a guest (the routes answer 401 to guests) and still names the built-in subjects", async () => {
    const fetchMock = vi.fn(async () => new Response("{}", { status: 401 }));
    vi.stubGlobal("fetch", fetchMock);
    clearSession();
    const names = await mount();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(names()).toContain("Intégration");
  });

  it("loads subjects and rules once signed in", async () => {
    const fetchMock = vi.fn(
      async (url: string) =>
        new Response(JSON.stringify(String(url).includes("rules") ? { success: true, rules: [] } : { success: true, subjects: [] }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    saveLogin(fakeLogin(), true);
    await mount();
    const paths = fetchMock.mock.calls.map(([url]) => String(url).replace(/^.*\/api/, ""));
    expect(paths, paths.join()).toEqual(["/subjects", "/subjects/rules"]);
  });
});

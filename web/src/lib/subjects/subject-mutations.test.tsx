import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useDeleteRuleMutation, useSaveSubjectMutation } from "./subject-mutations";
import { SUBJECTS_QUERY_KEY } from "./use-subjects";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

async function mount<T>(use: () => T) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(SUBJECTS_QUERY_KEY, { subjects: [], rules: [], error: null });
  let hook!: T;
  function Probe() {
    hook = use();
    return null;
  }
  await act(async () =>
    createRoot(document.createElement("div")).render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  return { hook: () => hook, invalidated: () => client.getQueryState(SUBJECTS_QUERY_KEY)?.isInvalidated ?? false };
}

const input = {
  name: "Chimie",
  color: "#112233",
  color2: "#445566",
  useGradient: false,
  gradientAngle: 90,
  colorOpacity: 1,
  color2Opacity: 1,
  yearsAllowed: [],
  groupsAllowed: [],
  specialitesAllowed: [],
};

afterEach(() => vi.unstubAllGlobals());

describe("subjects manager mutations", () => {
  it("an edit goes out as PUT and reloads the subjects store", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { success: true }));
    vi.stubGlobal("fetch", fetchMock);
    const { hook, invalidated } = await mount(useSaveSubjectMutation);
    await act(async () => {
      await hook().mutateAsync({ input, id: "s1" });
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url.endsWith("/subjects/s1"), init.method]).toEqual([true, "PUT"]);
    expect(invalidated()).toBe(true);
  });

  it("a refused write keeps the store and hands the error to the form", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(400, { success: false, message: "Nom trop long.", code: "BAD_REQUEST" })),
    );
    const { hook, invalidated } = await mount(useDeleteRuleMutation);
    let error: unknown;
    await act(async () => {
      error = await hook()
        .mutateAsync("Maths")
        .catch((e: unknown) => e);
    });
    expect((error as Error).message).toContain("Nom trop long.");
    expect(invalidated()).toBe(false);
  });
});

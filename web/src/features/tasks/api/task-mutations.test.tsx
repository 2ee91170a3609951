import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { clearSession, saveLogin } from "../../../lib/session";
import { fakeLogin } from "../../../lib/test-session";
import { mySubmissionKey } from "../hooks/use-submissions";
import { useDeleteSubmissionFileMutation, useSetGroupsMutation, useTaskStateMutation } from "./task-mutations";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ALL = ["events", "u1"] as const;
const MINE = ["events", "u1", "mine"] as const;

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Mounts `use` in a probe under a fresh client whose task lists and hand-in are cached. */
async function mount<T>(use: () => T) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  for (const key of [ALL, MINE, mySubmissionKey("t1")]) client.setQueryData(key, []);
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
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { hook: () => hook, invalidated };
}

beforeEach(() => void saveLogin(fakeLogin(), true));
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe("task mutations", () => {
  it("without a session, a task action says 'Non connecté.' and calls nothing", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { success: true }));
    vi.stubGlobal("fetch", fetchMock);
    clearSession();
    const { hook, invalidated } = await mount(useSetGroupsMutation);
    let error: unknown;
    await act(async () => {
      error = await hook()
        .mutateAsync({ id: "t1", groups: ["A1"] })
        .catch((e: unknown) => e);
    });
    expect((error as Error).message).toBe("Non connecté.");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(invalidated(ALL)).toBe(false);
  });

  it("set-groups refetches every task list of the caller once the server has agreed", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { success: true, message: "Groupes mis à jour.", event: {} }));
    vi.stubGlobal("fetch", fetchMock);
    const { hook, invalidated } = await mount(useSetGroupsMutation);
    await act(async () => {
      await hook().mutateAsync({ id: "t1", groups: ["A1"] });
    });
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toContain("/events/t1/set-groups");
    expect([invalidated(ALL), invalidated(MINE)]).toEqual([true, true]);
  });

  it("a refused set-groups leaves the lists alone", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(403, { success: false, message: "Non.", code: "FORBIDDEN" })),
    );
    const { hook, invalidated } = await mount(useSetGroupsMutation);
    await act(async () => {
      await hook()
        .mutateAsync({ id: "t1", groups: ["A1"] })
        // The refusal is the point of this test; what follows checks its effects.
        .catch(() => undefined);
    });
    expect(invalidated(ALL)).toBe(false);
  });

  it("a check does not refetch: the list was patched optimistically", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, { success: true, checked: true })),
    );
    const { hook, invalidated } = await mount(useTaskStateMutation);
    await act(async () => {
      await hook().mutateAsync({ id: "t1", action: "check" });
    });
    expect(invalidated(ALL)).toBe(false);
  });

  it("removing a handed-in file reloads the hand-in", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, { success: true, message: "Fichier supprimé." })),
    );
    const { hook, invalidated } = await mount(() => useDeleteSubmissionFileMutation("t1"));
    await act(async () => {
      await hook().mutateAsync("f.pdf");
    });
    expect(invalidated(mySubmissionKey("t1"))).toBe(true);
  });
});

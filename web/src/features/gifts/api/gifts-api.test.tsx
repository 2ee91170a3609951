import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { COINS_KEYS } from "../../../lib/economy/coins-api";
import { useAcknowledgeGiftsMutation } from "./gifts-api";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.unstubAllGlobals());

describe("gift acknowledgement", () => {
  it("acknowledges every gift, never fails on a refusal, and reloads the inventory", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith("/7")
        ? new Response(JSON.stringify({ success: false, message: "Erreur." }), {
            status: 500,
            headers: { "Content-Type": "application/json" },
          })
        : new Response(JSON.stringify({ success: true }), { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    client.setQueryData(COINS_KEYS.inventory, {});
    let mutation!: ReturnType<typeof useAcknowledgeGiftsMutation>;
    function Probe() {
      mutation = useAcknowledgeGiftsMutation();
      return null;
    }
    await act(async () =>
      createRoot(document.createElement("div")).render(
        <QueryClientProvider client={client}>
          <Probe />
        </QueryClientProvider>,
      ),
    );
    await act(async () => {
      await mutation.mutateAsync([7, 26]);
    });
    expect(fetchMock.mock.calls.map((c) => String(c[0]).replace(/^.*\/api/, ""))).toEqual(["/users/ack-gift/7", "/users/ack-gift/26"]);
    expect(client.getQueryState(COINS_KEYS.inventory)?.isInvalidated).toBe(true);
  });
});

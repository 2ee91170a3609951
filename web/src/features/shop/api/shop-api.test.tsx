import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { InventoryResponse } from "@planify/common/schemas/economy";
import { COINS_KEYS } from "../../../lib/economy/coins-api";
import { useSelectColor } from "./shop-api";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const inventory: InventoryResponse = {
  success: true,
  coins: 100,
  purchasedItems: [],
  equippedItemId: null,
  selectedBorderColor: "black",
  borderColors: ["black", "gold"],
  discordVariantIndex: 0,
  jojoVariantIndex: 0,
  dynamicItemVariants: {},
  favorites: [],
};

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? "OK" : "Forbidden",
    headers: { "Content-Type": "application/json" },
  });
}

/** Renders a component holding useSelectColor and returns its mutation and the query client. */
async function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(COINS_KEYS.inventory, inventory);
  let mutation!: ReturnType<typeof useSelectColor>;
  function Probe() {
    mutation = useSelectColor();
    return null;
  }
  const root = createRoot(document.createElement("div"));
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  return {
    client,
    // Refusals are read from the mutation's state by the tests.
    select: (colorId: string) => mutation.mutateAsync({ colorId, discordVariant: 1, jojoVariant: 0 }).catch(() => undefined),
    root,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("border colour selection", () => {
  it("shows the new colour at once and rolls it back when the server refuses", async () => {
    let answer!: (r: Response) => void;
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { client, select } = await setup();
    let done!: Promise<unknown>;
    await act(async () => {
      done = select("red");
    });
    expect(client.getQueryData<InventoryResponse>(COINS_KEYS.inventory)?.selectedBorderColor).toBe("red");
    const body = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toEqual({ colorId: "red|dv=1|jv=0" });
    await act(async () => {
      answer(jsonResponse(403, { success: false, message: "Cette couleur n'est pas débloquée." }));
      await done;
    });
    expect(client.getQueryData<InventoryResponse>(COINS_KEYS.inventory)?.selectedBorderColor).toBe("black");
  });

  it("keeps the colour the server accepted", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, { success: true })),
    );
    const { client, select } = await setup();
    await act(async () => {
      await select("gold");
    });
    expect(client.getQueryData<InventoryResponse>(COINS_KEYS.inventory)).toMatchObject({
      selectedBorderColor: "gold",
      discordVariantIndex: 1,
    });
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { drawableOf, emptyDraft, type ItemDraft } from "../model/draft";
import { newLayer, setPlacement, type EditorLayer } from "../model/layers";
import { SurfaceCanvas } from "./surface-canvas";
import type { ItemSurface } from "../../../components/item-art/surfaces";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
const host = document.createElement("div");
document.body.append(host);
afterEach(async () => {
  await act(async () => root.unmount());
});

/** The canvas with a draft of one layer, editing state kept like the creator keeps it. */
function Harness({ surface, start }: { surface: ItemSurface; start: EditorLayer }) {
  const [draft, setDraft] = useState<ItemDraft>(() => {
    const d = emptyDraft();
    d.variants[0]!.layers = [start];
    return d;
  });
  const [selected, setSelected] = useState<string | null>(null);
  const layers = draft.variants[0]!.layers;
  return (
    <SurfaceCanvas
      user={{ username: "admin" }}
      item={drawableOf(draft)}
      variant={0}
      surface={surface}
      mobile={false}
      layers={layers}
      selectedKey={selected}
      onSelect={setSelected}
      label="Test"
      onChange={(l) => setDraft((d) => ({ ...d, variants: [{ ...d.variants[0]!, layers: [l] }] }))}
    />
  );
}

async function draw(surface: ItemSurface, layer = newLayer("/api/items/assets/a.png")) {
  root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness surface={surface} start={layer} />
      </QueryClientProvider>,
    ),
  );
  const handle = () => host.querySelector<HTMLButtonElement>("button[aria-label='Déplacer le calque 1']")!;
  // The first image drawn by the avatar renderer in the enlarged canvas.
  const drawn = () => host.querySelector<HTMLImageElement>(`[data-testid='canvas-${surface}'] img[src='/api/items/assets/a.png']`)!;
  return { handle, drawn };
}

describe("the creator's canvas", () => {
  it("draws the layer with the shared avatar renderer at the surface's exact size", async () => {
    const { drawn } = await draw("navbar");
    const avatar = host.querySelector<HTMLElement>("[data-testid='canvas-navbar'] [data-surface='navbar']")!;
    expect(avatar.style.getPropertyValue("--avatar-size")).toBe("57px");
    expect(drawn().style.width).toBe("100%");
  });

  it("moves the selected layer with the arrow keys, and the drawn image follows", async () => {
    const { handle, drawn } = await draw("collection");
    await act(async () => handle().click());
    expect(handle().getAttribute("aria-pressed")).toBe("true");
    await act(async () => handle().dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true })));
    await act(async () => handle().dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", shiftKey: true, bubbles: true })));
    expect(drawn().style.left).toBe("1%");
    expect(drawn().style.top).toBe("10%");
  });

  it("moves a layer by dragging it: 220 px on screen is the whole avatar", async () => {
    const { handle, drawn } = await draw(
      "leaderboard",
      setPlacement(newLayer("/api/items/assets/a.png"), "leaderboard", { placement: "above" }),
    );
    const pointer = (type: string, x: number, y: number) => new PointerEvent(type, { clientX: x, clientY: y, bubbles: true, pointerId: 1 });
    await act(async () => handle().dispatchEvent(pointer("pointerdown", 100, 100)));
    await act(async () => handle().dispatchEvent(pointer("pointermove", 155, 78)));
    await act(async () => handle().dispatchEvent(pointer("pointerup", 155, 78)));
    expect(drawn().style.left).toBe("25%");
    expect(drawn().style.top).toBe("-10%");
  });

  it("puts a layer placed below behind the avatar's ring, and one placed inside within the picture", async () => {
    const { drawn } = await draw("profilePopup");
    const ring = host.querySelector("[data-testid='canvas-profilePopup'] [data-surface='profilePopup'] > span:nth-of-type(2)");
    expect(ring?.contains(drawn())).toBe(false);
    expect(drawn().compareDocumentPosition(ring!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("puts a layer placed inside within the avatar's circle", async () => {
    const { drawn } = await draw(
      "profilePopup",
      setPlacement(newLayer("/api/items/assets/a.png"), "profilePopup", { placement: "inside" }),
    );
    const ring = host.querySelector("[data-testid='canvas-profilePopup'] [data-surface='profilePopup'] > span:nth-of-type(1)");
    expect(ring?.contains(drawn())).toBe(true);
  });
});

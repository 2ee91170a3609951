import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { COINS_KEYS, useInventory } from "../../lib/economy/coins-api";
import { useLiveEvent } from "../../lib/live/live-bus";
import { OPEN_ITEM_RECEIVED_EVENT } from "../../lib/app-events";
import { notifyDesktop } from "../../lib/desktop-bridge";
import type { GiftEntry } from "./gift-entry";

const ReceivedItemPopup = lazy(() => import("./received-item-popup"));

/** Unseen gifts are shown about one second after the app starts. */
export const GIFT_POPUP_DELAY_MS = 1000;

/**
 * Watches the inventory for unseen gifts and shows them in the received-item popup. A gift
 * announced by the live stream reloads the inventory at once, so the popup comes without a reload.
 */
export function GiftsWatcher() {
  const inventory = useInventory();
  const client = useQueryClient();
  useLiveEvent("gift", () => void client.invalidateQueries({ queryKey: COINS_KEYS.inventory }));
  const [ready, setReady] = useState(false);
  const [shown, setShown] = useState<GiftEntry[] | null>(null);
  const handled = useRef(new Set<string>());

  useEffect(() => {
    const t = setTimeout(() => setReady(true), GIFT_POPUP_DELAY_MS);
    return () => clearTimeout(t);
  }, []);

  useEffect(() => {
    const onOpen = (e: Event) => {
      const items = (e as CustomEvent<{ items?: GiftEntry[] }>).detail?.items ?? [];
      if (items.length) setShown(items);
    };
    window.addEventListener(OPEN_ITEM_RECEIVED_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_ITEM_RECEIVED_EVENT, onOpen);
  }, []);

  useEffect(() => {
    if (!ready || shown || !inventory) return;
    const unseen = inventory.purchasedItems.filter(
      (i) => !i.adminGiftRead && i.itemId !== 0 && !handled.current.has(`${i.itemId}:${i.colorId ?? ""}`),
    );
    if (!unseen.length) return;
    setShown(unseen);
    notifyDesktop(
      "Cadeau reçu",
      unseen.length === 1 ? `Vous avez reçu « ${unseen[0]?.itemName} ».` : `Vous avez reçu ${unseen.length} objets.`,
    );
  }, [ready, shown, inventory]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ReceivedItemPopup
        items={shown}
        onDone={() => {
          for (const i of shown) handled.current.add(`${i.itemId}:${i.colorId ?? ""}`);
          setShown(null);
        }}
      />
    </Suspense>
  );
}

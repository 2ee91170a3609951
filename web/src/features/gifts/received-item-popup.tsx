import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { useSession } from "../../lib/use-session";
import { Dialog } from "../../components/dialog";
import { Button } from "../../components/button";
import { UserAvatar } from "../../components/item-art/user-avatar";
import { COINS_KEYS } from "../../lib/economy/coins-api";
import { giftColumns, teamMessage, type GiftEntry } from "./gift-entry";
import styles from "./received-item-popup.module.css";

/** 'Nouvel item reçu !': the gifts in a grid; 'Merci !' acknowledges each one. */
export default function ReceivedItemPopup({ items, onDone }: { items: GiftEntry[]; onDone: () => void }) {
  const client = useQueryClient();
  const user = useSession()?.user;
  const [closing, setClosing] = useState(false);
  const message = teamMessage(items);

  async function thanks() {
    if (closing) return;
    setClosing(true);
    // Failures are ignored: the popup must never trap the user.
    await Promise.allSettled(items.map((i) => api(`/users/ack-gift/${encodeURIComponent(String(i.itemId))}`, { method: "POST" })));
    await client.invalidateQueries({ queryKey: COINS_KEYS.inventory });
    onDone();
  }

  return (
    <Dialog open onOpenChange={(o) => !o && void thanks()} title="Nouvel item reçu !" width={items.length > 2 ? 560 : items.length === 2 ? 440 : 360} hideClose>
      <ul className={styles.grid} data-cols={giftColumns(items.length)} data-many={items.length > 6 || undefined} data-testid="gift-grid">
        {items.map((i) => (
          <li key={`${i.itemId}:${i.colorId ?? ""}`} className={styles.card}>
            <span className={styles.preview}>
              <UserAvatar user={user ?? { username: "?" }} size={items.length > 6 ? 56 : 72}
                itemId={i.colorId ? null : i.itemId} borderColorId={i.colorId ?? undefined} variant={0} />
            </span>
            <span className={styles.name}>{i.itemName}</span>
          </li>
        ))}
      </ul>
      {message && (
        <div className={styles.message}>
          <strong>Message de l'équipe Planify</strong>
          <p>{message}</p>
        </div>
      )}
      <Button block onClick={() => void thanks()} disabled={closing}>Merci !</Button>
    </Dialog>
  );
}

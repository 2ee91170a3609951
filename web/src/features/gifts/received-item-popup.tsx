import { useSession } from "../../lib/use-session";
import { Dialog } from "../../components/dialog";
import { Button } from "../../components/button";
import { UserAvatar } from "../../components/item-art/user-avatar";
import { useAcknowledgeGiftsMutation } from "./api/gifts-api";
import { giftColumns, giftMessage, type GiftEntry } from "./gift-entry";
import styles from "./received-item-popup.module.css";

/** 'Nouvel item reçu !': the gifts in a grid; 'Merci !' acknowledges each one. */
export default function ReceivedItemPopup({ items, onDone }: { items: GiftEntry[]; onDone: () => void }) {
  const user = useSession()?.user;
  const ack = useAcknowledgeGiftsMutation();
  const closing = ack.isPending || ack.isSuccess;
  const message = giftMessage(items);

  async function thanks() {
    if (closing) return;
    await ack.mutateAsync(items.map((i) => i.itemId));
    onDone();
  }

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && void thanks()}
      title="Nouvel item reçu !"
      width={items.length > 2 ? 560 : items.length === 2 ? 440 : 360}
      hideClose
    >
      <ul className={styles.grid} data-cols={giftColumns(items.length)} data-many={items.length > 6 || undefined} data-testid="gift-grid">
        {items.map((i) => (
          <li key={`${i.itemId}:${i.colorId ?? ""}`} className={styles.card}>
            <span className={styles.preview}>
              <UserAvatar
                user={user ?? { username: "?" }}
                size={items.length > 6 ? 56 : 72}
                itemId={i.colorId ? null : i.itemId}
                borderColorId={i.colorId ?? undefined}
                variant={0}
              />
            </span>
            <span className={styles.name}>{i.itemName}</span>
          </li>
        ))}
      </ul>
      {message && (
        <div className={styles.message}>
          <strong>{message.fromTeam ? "Message de l'équipe Planify" : "Message joint"}</strong>
          <p>{message.text}</p>
        </div>
      )}
      <Button block onClick={() => void thanks()} disabled={closing}>
        Merci !
      </Button>
    </Dialog>
  );
}

import { Dialog } from "../../components/dialog";
import { useSession } from "../../lib/use-session";
import { UserAvatar } from "../../components/item-art/user-avatar";
import styles from "./shop.module.css";

/** Style picker of an item with variants (Discord 3, Jojo 2, created items with variants). */
export function StylePicker({
  itemId,
  itemName,
  variants,
  current,
  onPick,
  onClose,
}: {
  itemId: number;
  itemName: string;
  variants: string[];
  current: number;
  onPick: (variant: number) => void;
  onClose: () => void;
}) {
  const user = useSession()?.user;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Style : ${itemName}`} width={520}>
      <ul className={styles.styles}>
        {variants.map((name, i) => (
          <li key={i}>
            <button
              type="button"
              className={styles.styleOption}
              aria-pressed={i === current}
              data-selected={i === current || undefined}
              onClick={() => i !== current && onPick(i)}
            >
              {user && <UserAvatar user={user} size={64} itemId={itemId} variant={i} surface="popupStyle" />}
              <span>{name || `Style ${i + 1}`}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

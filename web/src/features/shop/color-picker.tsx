import { BORDER_COLORS } from "@planify/common/constants/border-colors";
import type { InventoryResponse } from "@planify/common/schemas/economy";
import { Dialog } from "../../components/dialog";
import { useSession } from "../../lib/use-session";
import { UserAvatar } from "../../components/item-art/user-avatar";
import { useBorderColors } from "../../lib/economy/items-api";
import { LockIcon } from "./item-card";
import styles from "./shop.module.css";

export type ColorPickerMode = "color" | "gradient";

/** Border-colour or gradient picker: unlocked swatches are selectable, locked ones marked. */
export function ColorPicker({
  mode,
  inventory,
  onPick,
  onClose,
}: {
  mode: ColorPickerMode;
  inventory: InventoryResponse;
  onPick: (colorId: string) => void;
  onClose: () => void;
}) {
  const user = useSession()?.user;
  const unlocked = new Set(inventory.borderColors);
  // The server's list adds the colours made in the item creator; the fixed ones show meanwhile.
  const { data: colors } = useBorderColors();
  const list = (colors ?? BORDER_COLORS).filter((c) => (mode === "gradient" ? c.type === "border-gradient" : c.type === "border-color"));
  const owned = list.filter((c) => unlocked.has(c.id)).length;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      width={560}
      title={mode === "gradient" ? "Dégradés de bordure" : "Couleurs de bordure"}
      description={`${owned} sur ${list.length} débloqué${owned > 1 ? "s" : ""}. Les autres apparaissent dans la boutique quotidienne.`}
    >
      <div className={styles.pickerPreview}>{user && <UserAvatar user={user} size={88} />}</div>
      <ul className={styles.swatches} aria-label={mode === "gradient" ? "Dégradés" : "Couleurs"}>
        {list.map((c) => {
          const isLocked = !unlocked.has(c.id);
          const selected = inventory.selectedBorderColor === c.id;
          return (
            <li key={c.id}>
              <button
                type="button"
                className={styles.swatch}
                data-selected={selected || undefined}
                disabled={isLocked}
                aria-pressed={selected}
                aria-label={isLocked ? `${c.name} (verrouillée)` : c.name}
                title={c.name}
                onClick={() => !selected && onPick(c.id)}
                data-testid={`color-${c.id}`}
              >
                <span className={styles.swatchDisc} style={{ background: c.gradient ?? c.color }}>
                  {isLocked && (
                    <span className={styles.swatchLock}>
                      <LockIcon />
                    </span>
                  )}
                </span>
                <span className={styles.swatchName}>{c.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

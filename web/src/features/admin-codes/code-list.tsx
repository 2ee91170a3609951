import type { RewardCode } from "@planify/common/schemas/economy";
import { Button } from "../../components/button";
import { useNotify } from "../../components/notifications";
import { failureText } from "../../lib/failure-text";
import { deleteCode, useCodeMutation } from "./api/codes-admin";
import { colorName, useRewardOptions } from "../../components/admin/reward-options";
import { expiryLabel } from "./expiry-label";
import styles from "../../components/admin-panel.module.css";

/** The names of what a code hands out. */
export function rewardNames(code: RewardCode, nameOf: (colorId: string) => string = colorName): string {
  const names = code.rewardType === "item" ? code.payload.items.map((i) => i.itemName) : code.payload.colors.map(nameOf);
  return names.join(", ") || "—";
}

/** Existing codes: uses/max, expiry, rewards, and a delete behind a confirmation. */
export function CodeList({
  codes,
  onError,
  onDeleted,
}: {
  codes: RewardCode[];
  onError: (text: string) => void;
  onDeleted: (text: string) => void;
}) {
  const notify = useNotify();
  const remove = useCodeMutation(deleteCode);
  // Colours made in the item creator are named from the server's list.
  const colors = useRewardOptions().colors;
  const nameOf = (id: string) => colors.find((c) => c.value === id)?.name ?? colorName(id);

  async function onDelete(code: RewardCode) {
    const yes = await notify.confirm({
      title: "Supprimer ce code ?",
      message: `Le code ${code.code} ne pourra plus être utilisé.`,
      yes: "Supprimer",
      no: "Annuler",
    });
    if (!yes) return;
    try {
      onDeleted((await remove.mutateAsync(code.id)).message);
    } catch (err) {
      onError(failureText("Suppression impossible", err, ": "));
    }
  }

  if (codes.length === 0) return <p className={styles.muted}>Aucun code pour le moment.</p>;
  return (
    <ul className={styles.list} aria-label="Codes existants">
      {codes.map((c) => (
        <li key={c.id} className={styles.listItem}>
          <div>
            <div className={styles.mono}>{c.code}</div>
            <div className={styles.muted}>
              {c.rewardType === "item" ? "Items" : "Couleurs"} : {rewardNames(c, nameOf)}
            </div>
            <div className={styles.muted}>
              Utilisations : {c.usedCount}/{c.maxUses} · {expiryLabel(c.expiresAt, Date.now())}
            </div>
          </div>
          <Button
            variant="danger"
            size="small"
            onClick={() => onDelete(c)}
            disabled={remove.isPending}
            aria-label={`Supprimer le code ${c.code}`}
          >
            Supprimer
          </Button>
        </li>
      ))}
    </ul>
  );
}

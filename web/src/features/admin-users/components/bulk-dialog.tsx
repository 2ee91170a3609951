import { useState } from "react";
import type { BulkSummary } from "@planify/common/schemas/admin";
import { ADMIN_MESSAGE_MAX } from "@planify/common/constants/economy";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { TextAreaField } from "../../../components/field";
import { useRewardOptions } from "../../../components/admin/reward-options";
import { RewardPicker } from "../../../components/admin/reward-picker";
import { failureText } from "../../../lib/failure-text";
import { useBulkGive, useBulkRemove } from "../api/users-admin-api";
import { summaryLines } from "../model/user-forms";
import panel from "../../../components/admin-panel.module.css";
import styles from "../admin-users.module.css";

const isItem = (ref: string) => /^-?\d+$/.test(ref);

/** Bulk give or bulk remove for the checked users, with the result summary (remounted per opening). */
export function BulkDialog({ mode, userIds, onClose }: { mode: "give" | "remove" | null; userIds: string[]; onClose: () => void }) {
  const rewards = useRewardOptions();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const give = useBulkGive();
  const remove = useBulkRemove();

  async function submit() {
    const refs = [...picked];
    if (refs.length === 0)
      return setError(
        mode === "give" ? "Choisissez au moins un item, une couleur ou un item dynamique." : "Sélectionnez au moins un item à retirer.",
      );
    setError(null);
    try {
      const result =
        mode === "give"
          ? await give.mutateAsync({
              userIds,
              items: refs.filter(isItem).map(Number),
              colors: refs.filter((r) => !isItem(r)),
              adminMessage: message.trim() || undefined,
            })
          : await remove.mutateAsync({ userIds, items: refs.map((r) => (isItem(r) ? Number(r) : r)) });
      setSummary(result.summary);
    } catch (err) {
      setError(failureText(mode === "give" ? "Erreur lors du don en masse" : "Erreur lors du retrait en masse", err, " : "));
    }
  }

  const busy = give.isPending || remove.isPending;
  const title = mode === "give" ? "Don en masse" : "Retrait en masse";
  return (
    <Dialog
      open={mode !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      width={720}
      description={`${userIds.length} utilisateur${userIds.length > 1 ? "s" : ""} sélectionné${userIds.length > 1 ? "s" : ""}.`}
    >
      <div className={panel.form}>
        <RewardPicker legend="Items" options={rewards.items} selected={picked} onChange={setPicked} />
        <RewardPicker legend="Couleurs de bordure" options={rewards.colors} selected={picked} onChange={setPicked} />
        {mode === "give" && (
          <>
            <TextAreaField
              label="Message de l'équipe (facultatif)"
              rows={2}
              maxLength={ADMIN_MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
            <p className={styles.counter}>
              {message.length}/{ADMIN_MESSAGE_MAX}
            </p>
          </>
        )}
        {error && (
          <p className={panel.error} role="alert">
            {error}
          </p>
        )}
        {summary && (
          <div className={panel.success} role="status">
            <ul className={styles.summary}>
              {summaryLines(summary, mode ?? "give").map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </div>
        )}
        {summary?.failures.length ? <p className={panel.muted}>{summary.failures.join(" ")}</p> : null}
        <div className={panel.actions}>
          <Button onClick={submit} disabled={busy} variant={mode === "remove" ? "danger" : "primary"}>
            {busy ? "En cours…" : mode === "give" ? "Donner" : "Retirer"}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Fermer
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

import { useState } from "react";
import type { AdminUser } from "@planify/common/schemas/admin";
import { GIFT_COINS_MAX, GIFT_COINS_MIN } from "@planify/common/schemas/admin";
import { ADMIN_MESSAGE_MAX } from "@planify/common/constants/economy";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { TextAreaField, TextField } from "../../../components/field";
import { useRewardOptions } from "../../../components/admin/reward-options";
import { RewardPicker } from "../../../components/admin/reward-picker";
import { UserPicker } from "../../../components/admin/user-picker";
import { failureText } from "../../../lib/failure-text";
import { useGlobalGift } from "../api/users-admin-api";
import { summaryLines } from "../model/user-forms";
import panel from "../../../components/admin-panel.module.css";
import styles from "../admin-users.module.css";

const isItem = (ref: string) => /^-?\d+$/.test(ref);

/** The amount typed, or a French problem: finite, whole, −100000 to 100000, non-zero unless items are given. */
export function giftCoins(text: string, withItems: boolean): number | string {
  if (!text.trim()) return withItems ? 0 : "Indiquez un montant de coins ou choisissez des items.";
  const n = Number(text);
  if (!Number.isFinite(n) || !Number.isInteger(n)) return "Le montant doit être un nombre entier.";
  if (n < GIFT_COINS_MIN || n > GIFT_COINS_MAX)
    return `Le montant doit être compris entre ${GIFT_COINS_MIN.toLocaleString("fr-FR")} et ${GIFT_COINS_MAX.toLocaleString("fr-FR")}.`;
  if (n === 0 && !withItems) return "Le montant ne peut pas être nul.";
  return n;
}

/** The global gift: items, colours and coins to everyone or to chosen users, with a message. */
export function GiftDialog({ open, users, onClose }: { open: boolean; users: readonly AdminUser[]; onClose: () => void }) {
  const rewards = useRewardOptions();
  const [target, setTarget] = useState<"all" | "users">("all");
  const [who, setWho] = useState<Set<string>>(new Set());
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [coins, setCoins] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string[] | null>(null);
  const gift = useGlobalGift();

  async function submit() {
    setResult(null);
    const amount = giftCoins(coins, picked.size > 0);
    if (typeof amount === "string") return setError(amount);
    if (target === "users" && who.size === 0) return setError("Choisissez au moins un destinataire.");
    setError(null);
    const refs = [...picked];
    try {
      const done = await gift.mutateAsync({
        target,
        userIds: target === "users" ? [...who] : undefined,
        items: refs.filter(isItem).map(Number),
        colors: refs.filter((r) => !isItem(r)),
        coins: amount || undefined,
        adminMessage: message.trim() || undefined,
      });
      setResult([done.message, ...(refs.length ? summaryLines(done.summary, "give") : [])]);
    } catch (err) {
      setError(failureText("Erreur don coins", err, " : "));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Cadeau global"
      width={760}
      description="Des coins (négatif pour en retirer, jamais en dessous de 0), des items et des couleurs, avec un message de l'équipe."
    >
      <div className={panel.form}>
        <fieldset className={panel.choices}>
          <legend>Destinataires</legend>
          {(
            [
              ["all", "Tous les utilisateurs"],
              ["users", "Utilisateurs choisis"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={panel.choice} data-checked={target === value}>
              <input type="radio" name="gift-target" checked={target === value} onChange={() => setTarget(value)} /> {label}
            </label>
          ))}
        </fieldset>
        {target === "users" && <UserPicker legend="Utilisateurs" users={users} selected={who} onChange={setWho} multiple />}
        <TextField
          label="Coins"
          type="number"
          inputMode="numeric"
          min={GIFT_COINS_MIN}
          max={GIFT_COINS_MAX}
          step={1}
          value={coins}
          onChange={(e) => setCoins(e.target.value)}
          hint="De −100 000 à 100 000 ; laisser vide pour ne donner que des items."
        />
        <RewardPicker legend="Items" options={rewards.items} selected={picked} onChange={setPicked} />
        <RewardPicker legend="Couleurs de bordure" options={rewards.colors} selected={picked} onChange={setPicked} />
        <TextAreaField
          label="Message de l'équipe"
          rows={2}
          maxLength={ADMIN_MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <p className={styles.counter}>
          {message.length}/{ADMIN_MESSAGE_MAX}
        </p>
        {error && (
          <p className={panel.error} role="alert">
            {error}
          </p>
        )}
        {result && (
          <div className={panel.success} role="status">
            <ul className={styles.summary}>
              {result.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </div>
        )}
        <div className={panel.actions}>
          <Button onClick={submit} disabled={gift.isPending}>
            {gift.isPending ? "Envoi…" : "Envoyer le cadeau"}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Fermer
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

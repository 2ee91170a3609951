import { useState, type FormEvent } from "react";
import { FACTIONS, type Faction } from "@planify/common/constants/school";
import { DISTRIBUTE_COINS_MAX, DISTRIBUTE_COINS_MIN, DISTRIBUTE_MESSAGE_MAX } from "@planify/common/schemas/factions-admin";
import type { FactionSummary } from "@planify/common/schemas/social";
import { Button } from "../../components/button";
import { useNotify } from "../../components/notifications";
import { SelectField, TextAreaField, TextField } from "../../components/field";
import { failureText } from "../../lib/failure-text";
import { distributeToFaction, useFactionAdminMutation } from "./api/factions-admin";
import styles from "../../components/admin-panel.module.css";

/** Coins to every member of one faction: their wallets only, with a pop-up and an optional message. */
export function DistributeForm({ factions, onDone }: { factions: FactionSummary[]; onDone: (text: string) => void }) {
  const notify = useNotify();
  const [faction, setFaction] = useState<Faction>("Bagnat");
  const [coins, setCoins] = useState("100");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useFactionAdminMutation(distributeToFaction);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const amount = Number(coins);
    if (!Number.isInteger(amount) || amount < DISTRIBUTE_COINS_MIN || amount > DISTRIBUTE_COINS_MAX) {
      return setError(
        `Le montant doit être un nombre entier entre ${DISTRIBUTE_COINS_MIN} et ${DISTRIBUTE_COINS_MAX.toLocaleString("fr-FR")}.`,
      );
    }
    setError(null);
    const members = factions.find((f) => f.name === faction)?.membersCount ?? 0;
    const fr = (n: number) => n.toLocaleString("fr-FR");
    const yes = await notify.confirm({
      title: `Distribuer ${fr(amount)} coins à chaque membre de ${faction} ?`,
      message: `${fr(members)} membre${members > 1 ? "s" : ""} de ${faction} recevr${members > 1 ? "ont" : "a"} chacun ${fr(amount)} coins dans ${members > 1 ? "leur" : "son"} portefeuille (${fr(amount * members)} coins en tout), avec un pop-up${message.trim() ? " et ton message" : ""}. Les coins de faction et le classement ne changent pas. Cela ne peut pas être annulé.`,
      yes: "Distribuer",
      no: "Annuler",
    });
    if (!yes) return;
    try {
      const res = await send.mutateAsync({ faction, coins: amount, ...(message.trim() ? { message: message.trim() } : {}) });
      setMessage("");
      onDone(res.message);
    } catch (err) {
      setError(failureText("Erreur don coins", err, " : "));
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Distribuer des coins">
      <div className={styles.row}>
        <SelectField
          label="Faction"
          value={faction}
          onChange={(e) => setFaction(e.target.value as Faction)}
          options={FACTIONS.map((f) => ({ value: f, label: f }))}
        />
        <TextField
          label="Coins par membre"
          type="number"
          min={DISTRIBUTE_COINS_MIN}
          max={DISTRIBUTE_COINS_MAX}
          step={1}
          inputMode="numeric"
          value={coins}
          onChange={(e) => setCoins(e.target.value)}
        />
      </div>
      <TextAreaField
        label="Message (facultatif)"
        rows={2}
        maxLength={DISTRIBUTE_MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        hint={`${message.length}/${DISTRIBUTE_MESSAGE_MAX} — affiché dans le pop-up des membres. Seul le portefeuille est crédité : les coins de faction et le classement ne changent pas.`}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? "Distribution…" : "Distribuer"}
        </Button>
      </div>
    </form>
  );
}

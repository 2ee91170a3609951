import { useEffect, useState, type FormEvent } from "react";
import type { FactionSummary } from "@planify/common/schemas/social";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { UsersIcon } from "../../components/icons";
import { failureText } from "../../lib/failure-text";
import { setFactionTotal, useFactionAdminMutation } from "./api/factions-admin";
import { FactionPriceForm } from "./faction-price-form";
import styles from "../../components/admin-panel.module.css";

const fr = (n: number) => n.toLocaleString("fr-FR");

interface Props {
  faction: FactionSummary;
  /** The faction's shop price multiplier (priceByFaction). */
  multiplier: number;
  onSaved: (text: string) => void;
}

/** One faction: member count, its season total (a whole number ≥ 0) and its shop price multiplier, each saved on its own. */
export function FactionTotalCard({ faction, multiplier, onSaved }: Props) {
  const [value, setValue] = useState(String(faction.totalCoins));
  const [error, setError] = useState<string | null>(null);
  const save = useFactionAdminMutation(setFactionTotal);
  // A reload of the boards (after a reset, say) shows the new total unless the admin is typing.
  useEffect(() => setValue(String(faction.totalCoins)), [faction.totalCoins]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const total = Number(value);
    if (value.trim() === "" || !Number.isInteger(total) || total < 0)
      return setError("Le total doit être un nombre entier positif ou nul.");
    setError(null);
    try {
      const res = await save.mutateAsync({ name: faction.name, totalCoins: total });
      onSaved(res.message);
    } catch (err) {
      setError(failureText("Erreur lors de la mise à jour", err, " : "));
    }
  }

  return (
    <div className={styles.card} data-faction-card={faction.name}>
      <h3 className={styles.cardTitle}>
        <span>{faction.name}</span>
        <span className={styles.muted}>
          <UsersIcon size={16} /> {fr(faction.membersCount)} membre{faction.membersCount > 1 ? "s" : ""}
        </span>
      </h3>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={`Total de ${faction.name}`}>
        <TextField
          label="Total de coins"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hint="Un membre qui quitte la faction n'en retire rien : ce qu'il a rapporté reste dans ce total."
        />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Enregistrement…" : "Enregistrer"}
          </Button>
        </div>
      </form>
      <FactionPriceForm faction={faction.name} multiplier={multiplier} onSaved={onSaved} />
    </div>
  );
}

import { useEffect, useState, type FormEvent } from "react";
import type { Faction } from "@planify/common/constants/school";
import { PRICE_MULTIPLIER_MAX, PRICE_MULTIPLIER_MIN, PRICE_MULTIPLIER_STEP } from "@planify/common/constants/social";
import { factionPrice, priceMultiplierProblem } from "@planify/common/rules/faction-price";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { failureText } from "../../lib/failure-text";
import { setFactionPrice, useFactionAdminMutation } from "./api/factions-admin";
import styles from "../../components/admin-panel.module.css";

const fr = (n: number) => n.toLocaleString("fr-FR");
/** "1,5" as typed in French, or "1.5": both read as 1.5. */
const parse = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim().replace(",", ".")));

interface Props {
  faction: Faction;
  multiplier: number;
  onSaved: (text: string) => void;
}

/** The shop price multiplier of one faction (0,5 to 3 by 0,05), with what a 100-coin item then costs. */
export function FactionPriceForm({ faction, multiplier, onSaved }: Props) {
  const [value, setValue] = useState(String(multiplier));
  const [error, setError] = useState<string | null>(null);
  const save = useFactionAdminMutation(setFactionPrice);
  useEffect(() => setValue(String(multiplier)), [multiplier]);
  const typed = parse(value);
  const example = priceMultiplierProblem(typed) ? null : factionPrice(100, typed);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = priceMultiplierProblem(typed);
    if (problem) return setError(problem);
    setError(null);
    try {
      onSaved((await save.mutateAsync({ name: faction, priceMultiplier: typed })).message);
    } catch (err) {
      setError(failureText("Erreur lors de la mise à jour", err, " : "));
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={`Prix de ${faction}`}>
      <TextField
        label="Multiplicateur de prix en boutique"
        type="number"
        min={PRICE_MULTIPLIER_MIN}
        max={PRICE_MULTIPLIER_MAX}
        step={PRICE_MULTIPLIER_STEP}
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        hint={`De ${fr(PRICE_MULTIPLIER_MIN)} à ${fr(PRICE_MULTIPLIER_MAX)}, par pas de ${fr(PRICE_MULTIPLIER_STEP)}. ${example === null ? "" : `Un item à 100 coins coûte ${fr(example)} coins aux membres (arrondi à la pièce).`}`}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? "Enregistrement…" : "Enregistrer le prix"}
        </Button>
      </div>
    </form>
  );
}

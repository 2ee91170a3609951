import { useState, type FormEvent } from "react";
import { CODE_DEFAULT_LENGTH, CODE_MAX_LENGTH, CODE_MAX_USES, CODE_MIN_LENGTH } from "@planify/common/constants/economy";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { TicketIcon } from "../../components/page-icons";
import { failureText } from "../../lib/failure-text";
import { generateCode, useCodeMutation } from "./api/codes-admin";
import { useRewardOptions } from "../../components/admin/reward-options";
import { RewardPicker } from "../../components/admin/reward-picker";
import styles from "../../components/admin-panel.module.css";

type RewardType = "item" | "border-color";
const inRange = (text: string, min: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The reward-code form: type, length, max uses, optional expiry (Paris time), the rewards. */
export function CodeGenerator({ onGenerated }: { onGenerated: (code: string) => void }) {
  const options = useRewardOptions("code");
  const [type, setType] = useState<RewardType>("item");
  const [length, setLength] = useState(String(CODE_DEFAULT_LENGTH));
  const [maxUses, setMaxUses] = useState("1");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [items, setItems] = useState<Set<string>>(new Set());
  const [colors, setColors] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const generate = useCodeMutation(generateCode);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const len = inRange(length, CODE_MIN_LENGTH, CODE_MAX_LENGTH);
    const uses = inRange(maxUses, 1, CODE_MAX_USES);
    if (len === null) return setError(`La longueur doit être comprise entre ${CODE_MIN_LENGTH} et ${CODE_MAX_LENGTH}.`);
    if (uses === null) return setError(`Le nombre d'utilisations doit être compris entre 1 et ${CODE_MAX_USES}.`);
    if (type === "item" && items.size === 0) return setError("Choisissez au moins un item");
    if (type === "border-color" && colors.size === 0) return setError("Choisissez au moins une couleur");
    if (time && !date) return setError("Choisissez une date d'expiration.");
    setError(null);
    // A date and time without offset is Paris time for the server; a date alone lasts the whole day.
    const expiresAt = date ? (time ? `${date}T${time}` : date) : undefined;
    const rewards =
      type === "item"
        ? { items: options.items.filter((o) => items.has(o.value)).map((o) => ({ itemId: Number(o.value), itemName: o.name })) }
        : { colors: [...colors] };
    try {
      const res = await generate.mutateAsync({
        rewardType: type,
        length: len,
        maxUses: uses,
        ...(expiresAt ? { expiresAt } : {}),
        ...rewards,
      });
      onGenerated(res.code);
    } catch (err) {
      setError(failureText("Erreur génération", err, ": "));
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Générer un code">
      <fieldset className={styles.choices}>
        <legend>Récompense</legend>
        {(
          [
            ["item", "Item"],
            ["border-color", "Couleur de bordure"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={styles.choice} data-checked={type === value}>
            <input type="radio" name="code-type" value={value} checked={type === value} onChange={() => setType(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className={styles.row}>
        <TextField
          label="Longueur"
          type="number"
          min={CODE_MIN_LENGTH}
          max={CODE_MAX_LENGTH}
          value={length}
          onChange={(e) => setLength(e.target.value)}
          inputMode="numeric"
        />
        <TextField
          label="Utilisations max"
          type="number"
          min={1}
          max={CODE_MAX_USES}
          value={maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
          inputMode="numeric"
        />
        <TextField label="Expiration" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <TextField label="Heure (Paris)" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
      </div>
      <p className={styles.muted}>
        Expiration facultative : sans date, le code n'expire pas ; une date sans heure vaut jusqu'à la fin de ce jour.
      </p>
      {type === "item" ? (
        <RewardPicker legend="Items" options={options.items} selected={items} onChange={setItems} />
      ) : (
        <RewardPicker legend="Couleurs" options={options.colors} selected={colors} onChange={setColors} />
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={generate.isPending}>
          <TicketIcon size={18} /> {generate.isPending ? "Génération…" : "Générer un code"}
        </Button>
      </div>
    </form>
  );
}

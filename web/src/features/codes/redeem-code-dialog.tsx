import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CODE_INPUT_MAX_LENGTH, ECONOMY_MESSAGES } from "@planify/common/constants/economy";
import { errorText } from "../../lib/api";
import { Dialog } from "../../components/dialog";
import { Button } from "../../components/button";
import { refreshEconomy } from "../../lib/economy/coins-api";
import styles from "./redeem-code.module.css";
import { answerOf, apiClient } from "../../lib/api/client";

type Outcome = { ok: boolean; text: string } | null;

/** 'Entrer un code': redeems a reward code and shows the server's message. */
export default function RedeemCodeDialog({ onClose }: { onClose: () => void }) {
  const client = useQueryClient();
  const [code, setCode] = useState("");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const redeem = useMutation({
    mutationFn: (value: string) => answerOf(apiClient.POST("/api/redeem-codes/redeem", { body: { code: value } })),
    onSuccess: (res) => {
      setOutcome({ ok: true, text: res?.message || "Code validé" });
      setCode("");
      void refreshEconomy(client);
    },
    onError: (e) => setOutcome({ ok: false, text: errorText(e, "Code invalide") }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = code.trim();
    if (!value) return setOutcome({ ok: false, text: ECONOMY_MESSAGES.codeEmpty });
    setOutcome(null);
    redeem.mutate(value);
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Entrer un code" width={400}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className="visually-hidden" htmlFor="redeem-code-input">
          Code
        </label>
        <input
          id="redeem-code-input"
          className={styles.input}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="EX: ABCD1234"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={CODE_INPUT_MAX_LENGTH}
          autoFocus
        />
        <Button type="submit" disabled={redeem.isPending}>
          {redeem.isPending ? "Validation…" : "Valider"}
        </Button>
      </form>
      {outcome && (
        <p className={outcome.ok ? styles.ok : styles.error} role={outcome.ok ? "status" : "alert"}>
          {outcome.text}
        </p>
      )}
    </Dialog>
  );
}

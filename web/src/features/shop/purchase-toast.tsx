import { useEffect, useRef, useState, type CSSProperties } from "react";
import { PURCHASE_UNDO_MS } from "@planify/common/constants/economy";
import type { ShopEntry } from "@planify/common/schemas/economy";
import { failureText } from "../../lib/failure-text";
import { useRefund } from "./api/shop-api";
import styles from "./shop.module.css";

/** A purchase just made: the entry and the Idempotency-Key its « Annuler » sends. */
export interface Bought {
  entry: ShopEntry;
  key: string;
}

type Phase = { kind: "offer" } | { kind: "done"; text: string } | { kind: "failed"; text: string } | { kind: "gone" };

const AFTER_MS = 3500;

/**
 * The purchase toast, inside the shop (so « Annuler » is in the dialog's focus order and a
 * tap on it does not close the shop): « Bravo ! Tu as acheté … ! » with « Annuler » for
 * PURCHASE_UNDO_MS, then the refund's answer. The server judges the delay again.
 * Mount it with `key={bought.key}`: a new purchase starts a new offer.
 */
export function PurchaseToast({ bought }: { bought: Bought }) {
  const refund = useRefund();
  const [phase, setPhase] = useState<Phase>({ kind: "offer" });
  // A second tap before the first one re-renders must not send again (the key would still refund once).
  const sent = useRef(false);

  useEffect(() => {
    const ms = phase.kind === "offer" ? PURCHASE_UNDO_MS : phase.kind === "gone" ? null : AFTER_MS;
    if (ms === null) return;
    const timer = setTimeout(() => setPhase({ kind: "gone" }), ms);
    return () => clearTimeout(timer);
  }, [phase]);

  function undo() {
    if (sent.current) return;
    sent.current = true;
    refund.mutate(bought, {
      onSuccess: (res) => setPhase({ kind: "done", text: res.message }),
      onError: (err) => setPhase({ kind: "failed", text: failureText("L'achat n'a pas pu être annulé.", err) }),
    });
  }

  if (phase.kind === "gone") return null;
  if (phase.kind !== "offer") {
    return (
      <div className={`${styles.toast} ${phase.kind === "failed" ? styles.toastError : ""}`} data-testid="purchase-toast">
        {phase.text}
      </div>
    );
  }
  return (
    <div className={styles.toast} data-testid="purchase-toast" style={{ "--undo-ms": `${PURCHASE_UNDO_MS}ms` } as CSSProperties}>
      <span>Bravo ! Tu as acheté {bought.entry.name} !</span>
      <button
        type="button"
        className={styles.toastAction}
        onClick={undo}
        disabled={refund.isPending}
        aria-label={`Annuler l'achat de ${bought.entry.name}`}
      >
        {refund.isPending ? "Annulation…" : "Annuler"}
      </button>
      <span className={styles.toastTimer} aria-hidden="true" />
    </div>
  );
}

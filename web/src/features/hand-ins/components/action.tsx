import { useState } from "react";
import { errorText } from "../../../lib/api";
import styles from "./hand-ins.module.css";

export interface ActionMessage {
  ok: boolean;
  text: string;
}

/**
 * Runs one write of a panel and keeps its French outcome: the server's message on success
 * (or the given one), the server's reason on failure.
 */
export function useAction() {
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const run = async (write: () => Promise<unknown>, fallback: string, success?: string) => {
    setMessage(null);
    try {
      const res = await write();
      const said = res && typeof res === "object" && "message" in res && typeof res.message === "string" ? res.message : null;
      setMessage({ ok: true, text: success ?? said ?? "Enregistré." });
      return true;
    } catch (e) {
      setMessage({ ok: false, text: errorText(e, fallback) });
      return false;
    }
  };
  return { message, run, clear: () => setMessage(null) };
}

/** The outcome line under a form: a polite status, or an alert for a failure. */
export function ActionLine({ message }: { message: ActionMessage | null }) {
  if (!message) return null;
  return (
    <p className={message.ok ? styles.ok : styles.error} role={message.ok ? "status" : "alert"}>
      {message.text}
    </p>
  );
}

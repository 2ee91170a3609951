import { useState } from "react";
import { REMINDER_LIMITS, REMINDER_MESSAGES } from "@planify/common/constants/reminders";
import { Button } from "../../../components/button";
import { errorText } from "../../../lib/api";
import { useResendEmailLink } from "../api/reminders-api";
import styles from "../../../components/profile-sections.module.css";
import n from "./notifications.module.css";

interface Props {
  /** What the field holds now. */
  value: string;
  onChange: (value: string) => void;
  /** The address the server holds, and whether its owner confirmed it. */
  saved: string | null;
  confirmed: boolean;
  /** The school configured e-mail (SMTP and the public address of the link). */
  available: boolean;
}

/** The reminder address: the field, then whether the saved address is confirmed, with « Renvoyer le lien ». */
export function ReminderEmail({ value, onChange, saved, confirmed, available }: Props) {
  const resend = useResendEmailLink();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  if (!available) return <p className={styles.hint}>{REMINDER_MESSAGES.emailUnavailable}</p>;
  // The state shown is the saved address's, and only while the field still holds it.
  const shown = saved !== null && value.trim() === saved;
  return (
    <div className={n.email}>
      <label className={styles.field}>
        Adresse e-mail pour les rappels (facultatif)
        <input
          type="email"
          className={styles.input}
          maxLength={REMINDER_LIMITS.emailMaxLength}
          autoComplete="email"
          value={value}
          placeholder="prenom.nom@exemple.fr"
          onChange={(e) => {
            onChange(e.target.value);
            setStatus(null);
          }}
        />
      </label>
      {shown && confirmed && (
        <p className={`${n.state} ${styles.ok}`}>
          <span className={`${n.dot} ${n.on}`} aria-hidden="true" />
          Adresse confirmée
        </p>
      )}
      {shown && !confirmed && (
        <div className={n.pending}>
          <p className={n.state}>
            <span className={`${n.dot} ${n.wait}`} aria-hidden="true" />
            En attente de confirmation : vérifiez votre boîte mail
          </p>
          <Button
            size="small"
            variant="secondary"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (res) => setStatus({ ok: true, text: res.message }),
                onError: (error) => setStatus({ ok: false, text: errorText(error, "Impossible de renvoyer le lien.") }),
              })
            }
          >
            {resend.isPending ? "Envoi…" : "Renvoyer le lien"}
          </Button>
        </div>
      )}
      {status && (
        <p className={status.ok ? styles.ok : styles.error} role={status.ok ? "status" : "alert"}>
          {status.text}
        </p>
      )}
    </div>
  );
}

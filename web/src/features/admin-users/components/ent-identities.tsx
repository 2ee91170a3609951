import { useState } from "react";
import type { AdminUser } from "@planify/common/schemas/admin";
import { Button } from "../../../components/button";
import { useNotify } from "../../../components/notifications";
import { failureText } from "../../../lib/failure-text";
import { useUntieIdentity } from "../api/users-admin-api";
import panel from "../../../components/admin-panel.module.css";
import styles from "../admin-users.module.css";

/**
 * The edit dialog's « Connexion ENT »: each identity the account is tied to, with « Délier
 * l'identité ENT » (confirmed; the next ENT sign-in ties again by username).
 */
export function EntIdentities({ user }: { user: AdminUser }) {
  const notify = useNotify();
  const untie = useUntieIdentity();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const identities = user.ent ?? [];
  // After the last untie the list is empty, but the outcome stays shown until the dialog closes.
  if (!identities.length && !message) return null;

  async function confirmUntie(providerId: string, label: string) {
    const ok = await notify.confirm({
      title: "Délier l'identité ENT",
      message: `Délier le compte ${user.username} de son identité « ${label} » ? À sa prochaine connexion ENT, Planify le reliera de nouveau au compte portant son identifiant.`,
      yes: "Délier",
      no: "Annuler",
    });
    if (!ok) return;
    try {
      setMessage({ ok: true, text: (await untie.mutateAsync({ id: user.id, providerId })).message });
    } catch (err) {
      setMessage({ ok: false, text: failureText("Identité non déliée", err, " : ") });
    }
  }

  return (
    <section aria-labelledby={`ent-${user.id}`}>
      <h3 id={`ent-${user.id}`} className={styles.settingTitle}>
        Connexion ENT
      </h3>
      <ul className={styles.entList}>
        {identities.map(({ providerId, label }) => (
          <li key={providerId}>
            <span className={styles.entBadge}>ENT · {label}</span>
            <Button size="small" variant="danger" disabled={untie.isPending} onClick={() => void confirmUntie(providerId, label)}>
              Délier l'identité ENT
            </Button>
          </li>
        ))}
      </ul>
      {message && (
        <p className={message.ok ? panel.success : panel.error} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
    </section>
  );
}

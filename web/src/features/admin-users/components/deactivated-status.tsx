import type { AdminUser } from "@planify/common/schemas/admin";
import { Button } from "../../../components/button";
import { failureText } from "../../../lib/failure-text";
import { useReactivate } from "../api/users-admin-api";
import styles from "./deactivated-status.module.css";

const parisDay = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));

/** In the manage-users list: « Désactivé — suppression le … » and « Réactiver » for a graduate deactivated by the rollover. */
export function DeactivatedStatus({ user }: { user: AdminUser }) {
  const reactivate = useReactivate();
  if (!user.deactivatedAt) return null;
  return (
    <span className={styles.deactivated}>
      <span>Désactivé{user.eraseAfter ? ` — suppression le ${parisDay(user.eraseAfter)}` : ""}</span>
      <Button
        size="small"
        variant="secondary"
        onClick={() => reactivate.mutate(user.id)}
        disabled={reactivate.isPending}
        aria-label={`Réactiver ${user.username}`}
      >
        Réactiver
      </Button>
      {reactivate.isError && <span role="alert">{failureText("Réactivation impossible", reactivate.error, " : ")}</span>}
    </span>
  );
}

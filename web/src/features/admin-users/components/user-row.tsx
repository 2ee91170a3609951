import type { AdminUser } from "@planify/common/schemas/admin";
import { Button } from "../../../components/button";
import { trackLabel } from "../../../lib/user-labels";
import styles from "../admin-users.module.css";
import { deWord } from "@planify/common/format/french";
import { DeactivatedStatus } from "./deactivated-status";

const fr = (n: number) => n.toLocaleString("fr-FR");

/** One account of the manage-users table (a card on phones). */
export function UserRow({
  user,
  checked,
  onToggle,
  roleLabel,
  onOpen,
  onDelete,
}: {
  user: AdminUser;
  checked: boolean;
  onToggle: () => void;
  roleLabel: string;
  onOpen: (kind: "edit" | "items" | "questions") => void;
  onDelete: () => void;
}) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const promo =
    [user.year, user.groupe !== "Promo" ? `groupe ${user.groupe}` : "", trackLabel(user.specialite)].filter(Boolean).join(" · ") ||
    "Toute la promo";
  return (
    <tr>
      <td className={styles.check}>
        <input type="checkbox" aria-label={`Sélectionner ${user.username}`} checked={checked} onChange={onToggle} />
      </td>
      <td>
        <div className={styles.who}>
          <strong>{user.username}</strong>
          {name && <span>{name}</span>}
          {user.mustChangePassword && !user.ent?.length && <span>Mot de passe provisoire</span>}
          {user.erasureRequestedAt && <span className={styles.erasureBadge}>Demande d'effacement</span>}
          <DeactivatedStatus user={user} />
          {user.ent?.map((e) => (
            <span key={e.providerId} className={styles.entBadge} title="Se connecte avec l'ENT">
              ENT · {e.label}
            </span>
          ))}
        </div>
      </td>
      <td>
        <span className={styles.role}>{roleLabel}</span>
      </td>
      <td>{promo}</td>
      <td className={styles.num} data-label="Coins">
        {fr(user.coins)}
      </td>
      <td>
        <div className={styles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => onOpen("items")} aria-label={`Voir les items ${deWord(user.username)}`}>
            Voir les items
          </Button>
          {/* An ENT account recovers its password at the ENT: no secret questions here. */}
          {!user.ent?.length && (
            <Button
              size="small"
              variant="secondary"
              onClick={() => onOpen("questions")}
              aria-label={`Questions secrètes ${deWord(user.username)}`}
            >
              Questions secrètes
            </Button>
          )}
          <Button size="small" variant="secondary" onClick={() => onOpen("edit")} aria-label={`Modifier ${user.username}`}>
            Modifier
          </Button>
          <Button size="small" variant="danger" onClick={onDelete} aria-label={`Effacer les données ${deWord(user.username)}`}>
            Effacer les données
          </Button>
        </div>
      </td>
    </tr>
  );
}

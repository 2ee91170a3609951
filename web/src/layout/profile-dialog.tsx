import type { SessionUser } from "@planify/common/schemas/users";
import { normaliseRole, ROLE_LABELS, type RoleInput } from "@planify/common/constants/roles";
import { TRACK_LABELS, YEAR_LABELS, type Track, type Year } from "@planify/common/constants/school";
import { formatCoins } from "@planify/common/format/coins";
import { Dialog } from "../components/dialog";
import { UserAvatar } from "../components/item-art/user-avatar";
import styles from "./profile-dialog.module.css";

export function roleLabel(role: string): string {
  return ROLE_LABELS[normaliseRole(role as RoleInput)] ?? role;
}

/** The logged-in user's public profile, read from the session. */
export function ProfileDialog({ user, open, onOpenChange }: { user: SessionUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const rows: [string, string][] = [
    ["Année", YEAR_LABELS[user.year as Year] ?? "Toutes les années"],
    ["Groupe", user.groupe || "—"],
  ];
  const track = TRACK_LABELS[(user.specialite || user.track) as Track];
  if (track) rows.push(["Spécialité", track]);
  rows.push(["Planify Coins", formatCoins(user.coins)]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Profil" width={420}>
      <div className={styles.identity}>
        <UserAvatar user={user} size={96} />
        <div>
          <p className={styles.username}>{user.username}</p>
          <span className={styles.role}>{roleLabel(user.role)}</span>
        </div>
      </div>
      <dl className={styles.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section className={styles.note} aria-label="Note publique">
        <h3>Note publique</h3>
        <p className={user.publicNote ? undefined : styles.empty}>{user.publicNote || "Aucune note"}</p>
      </section>
    </Dialog>
  );
}

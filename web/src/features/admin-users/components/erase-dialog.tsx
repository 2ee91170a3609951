import { useState } from "react";
import type { AdminUser } from "@planify/common/schemas/admin";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import styles from "../admin-users.module.css";

/**
 * « Effacer les données »: what the erasure removes and keeps, then the admin types the
 * account's username to confirm (a click alone never erases an account).
 */
export function EraseDialog({
  user,
  busy,
  onConfirm,
  onClose,
}: {
  user: AdminUser;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState("");
  const ok = typed.trim() === user.username;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Effacer les données de ${user.username}`} width={480}>
      <p className={styles.eraseText}>
        Le compte, son profil, ses rendus, ses tâches personnelles, ses rappels, ses appareils et ses objets sont effacés définitivement. Le
        registre des pièces garde ses lignes sous un identifiant anonyme (les totaux ne changent pas) et le journal garde « compte supprimé
        », sans son nom. Les devoirs qu'il a publiés restent.
      </p>
      {user.erasureRequestedAt && <p className={styles.eraseText}>La personne a demandé cet effacement.</p>}
      <label className={styles.eraseField} htmlFor="erase-confirm">
        Pour confirmer, tapez son identifiant : <strong>{user.username}</strong>
        <input id="erase-confirm" value={typed} autoComplete="off" onChange={(e) => setTyped(e.currentTarget.value)} />
      </label>
      <div className={styles.eraseActions}>
        <Button variant="ghost" onClick={onClose}>
          Annuler
        </Button>
        <Button variant="danger" disabled={!ok || busy} onClick={onConfirm}>
          Effacer les données
        </Button>
      </div>
    </Dialog>
  );
}

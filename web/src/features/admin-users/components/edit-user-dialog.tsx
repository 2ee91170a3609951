import { useEffect, useRef, useState, type FormEvent } from "react";
import type { AdminUser } from "@planify/common/schemas/admin";
import type { RoleInput } from "@planify/common/constants/roles";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { TextField } from "../../../components/field";
import { failureText } from "../../../lib/failure-text";
import { useUpdateUser } from "../api/users-admin-api";
import { COIN_FIELDS, editBody, type CoinField, type ProfileDraft } from "../model/user-forms";
import { ProfileFields } from "./profile-fields";
import { EntIdentities } from "./ent-identities";
import panel from "../../../components/admin-panel.module.css";
import styles from "../admin-users.module.css";

/** The edit modal closes this long after a successful save. */
const CLOSE_AFTER_MS = 800;
const COIN_LABELS: Record<CoinField, string> = {
  coins: "Coins",
  leaderboardCoins: "Coins du classement",
  factionCoins: "Coins de faction",
};

const draftOf = (u: AdminUser): ProfileDraft => ({
  username: u.username,
  password: "",
  role: u.role as RoleInput,
  groupe: u.groupe,
  year: u.year,
  specialite: u.specialite,
  firstName: u.firstName,
  lastName: u.lastName,
});
const coinsOf = (u: AdminUser) => Object.fromEntries(COIN_FIELDS.map((f) => [f, String(u[f])])) as Record<CoinField, string>;

/** 'Modifier': the account's fields and balances; only changed balances are sent. Key it by the account's id. */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  // Mounted afresh for each account (keyed by its id): the list fetched again after a save hands
  // a new object for the same account, and must not reset the form nor hide the success line.
  const [draft, setDraft] = useState<ProfileDraft | null>(() => (user ? draftOf(user) : null));
  const [coins, setCoins] = useState<Record<CoinField, string> | null>(() => (user ? coinsOf(user) : null));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useUpdateUser();

  // The parent hands a new onClose on each render: the timer reads the latest one.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => close.current(), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user || !draft || !coins) return;
    const body = editBody(user, draft, coins);
    if (typeof body === "string") return setError(body);
    setError(null);
    try {
      await update.mutateAsync({ id: user.id, body });
      setSaved(true);
    } catch (err) {
      setError(failureText("Erreur lors de la mise à jour", err, " : "));
    }
  }

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title={user ? `Modifier ${user.username}` : "Modifier"}
      width={680}
      className={styles.userDialog}
    >
      {draft && coins && (
        <form onSubmit={submit} noValidate className={panel.form}>
          {/* An account tied to the ENT signs in there: no « Nouveau mot de passe » (the server refuses it too). */}
          <ProfileFields draft={draft} onChange={setDraft} password={user?.ent?.length ? "none" : "optional"} />
          {user && <EntIdentities user={user} />}
          <div className={styles.coinGrid}>
            {COIN_FIELDS.map((f) => (
              <TextField
                key={f}
                label={COIN_LABELS[f]}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={coins[f]}
                onChange={(e) => setCoins({ ...coins, [f]: e.target.value })}
              />
            ))}
          </div>
          {error && (
            <p className={panel.error} role="alert">
              {error}
            </p>
          )}
          {saved && (
            <p className={panel.success} role="status">
              Utilisateur mis à jour.
            </p>
          )}
          <div className={panel.actions}>
            <Button type="submit" disabled={update.isPending || saved}>
              {update.isPending ? "Enregistrement…" : "Enregistrer"}
            </Button>
            <Button variant="ghost" onClick={onClose}>
              Annuler
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

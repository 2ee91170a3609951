import { useState, type FormEvent } from "react";
import type { RegisterBody } from "@planify/common/schemas/users";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { failureText } from "../../../lib/failure-text";
import { useFlash } from "../../../lib/use-flash";
import { useRegisterUser } from "../api/users-admin-api";
import { addUserProblem, cleanUsername, isStaff, type ProfileDraft } from "../model/user-forms";
import { ProfileFields } from "./profile-fields";
import panel from "../../../components/admin-panel.module.css";

const EMPTY: ProfileDraft = {
  username: "",
  password: "",
  role: "eleve",
  groupe: "Promo",
  year: "",
  specialite: "",
  firstName: "",
  lastName: "",
};

/** 'Ajouter un utilisateur': one account, with the role rules of the server (staff: Promo, no year). */
export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [draft, setDraft] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [flash, setFlash] = useFlash();
  const register = useRegisterUser();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = addUserProblem(draft);
    if (problem) return setError(problem);
    setError(null);
    const staff = isStaff(draft.role);
    const body = {
      username: cleanUsername(draft.username),
      password: draft.password,
      role: draft.role,
      groupe: staff ? "Promo" : draft.groupe,
      year: staff ? "" : draft.year,
      specialite: staff ? "" : draft.specialite,
      firstName: draft.firstName.trim(),
      lastName: draft.lastName.trim(),
    } as RegisterBody;
    try {
      const created = await register.mutateAsync(body);
      setFlash(`Compte ${created.user.username} créé.`);
      setDraft(EMPTY);
    } catch (err) {
      setError(failureText("Erreur lors de l'ajout de l'utilisateur", err, " : "));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Ajouter un utilisateur"
      width={640}
      description="Un professeur ou un administrateur appartient à toute la promo : ni année ni groupe."
    >
      <form onSubmit={submit} noValidate className={panel.form}>
        <ProfileFields draft={draft} onChange={setDraft} password="required" />
        {error && (
          <p className={panel.error} role="alert">
            {error}
          </p>
        )}
        {flash && (
          <p className={panel.success} role="status">
            {flash}
          </p>
        )}
        <div className={panel.actions}>
          <Button type="submit" disabled={register.isPending}>
            {register.isPending ? "Ajout…" : "Ajouter"}
          </Button>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Fermer
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { ROLE_LABELS, ROLES, type RoleInput } from "@planify/common/constants/roles";
import { SelectField, TextField } from "../../../components/field";
import { GROUP_OPTIONS, TRACK_OPTIONS, YEAR_OPTIONS } from "../../../lib/user-labels";
import { isStaff, withRole, type ProfileDraft } from "../model/user-forms";
import styles from "../admin-users.module.css";

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** The account fields of the add and edit forms; group, year and speciality are off for staff. */
export function ProfileFields({
  draft,
  onChange,
  password,
}: {
  draft: ProfileDraft;
  onChange: (d: ProfileDraft) => void;
  /**
   * New accounts need a password; an edit keeps the current one when the field stays empty;
   * "none": an account tied to the ENT has no Planify password (no field).
   */
  password: "required" | "optional" | "none";
}) {
  const staff = isStaff(draft.role);
  const set = (patch: Partial<ProfileDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className={styles.formGrid}>
      <TextField
        label="Nom d'utilisateur"
        required
        value={draft.username}
        onChange={(e) => set({ username: e.target.value })}
        autoComplete="off"
        spellCheck={false}
      />
      {password !== "none" && (
        <TextField
          label={password === "required" ? "Mot de passe" : "Nouveau mot de passe"}
          required={password === "required"}
          type="password"
          value={draft.password}
          onChange={(e) => set({ password: e.target.value })}
          autoComplete="new-password"
          hint={password === "required" ? "8 caractères au moins." : "Laisser vide pour garder l'actuel ; 8 caractères au moins."}
        />
      )}
      <TextField label="Prénom" value={draft.firstName} onChange={(e) => set({ firstName: e.target.value })} autoComplete="off" />
      <TextField label="Nom" value={draft.lastName} onChange={(e) => set({ lastName: e.target.value })} autoComplete="off" />
      <SelectField
        label="Rôle"
        required
        options={ROLE_OPTIONS}
        value={draft.role}
        onChange={(e) => onChange(withRole(draft, e.target.value as RoleInput))}
      />
      <SelectField
        label="Année"
        required={!staff}
        options={YEAR_OPTIONS}
        placeholder={staff ? "Toutes (promo)" : "Choisir…"}
        value={draft.year}
        disabled={staff}
        onChange={(e) => set({ year: e.target.value })}
      />
      <SelectField
        label="Groupe"
        required={!staff}
        options={GROUP_OPTIONS}
        value={draft.groupe}
        disabled={staff}
        onChange={(e) => set({ groupe: e.target.value })}
      />
      <SelectField
        label="Parcours"
        options={TRACK_OPTIONS}
        value={draft.specialite}
        disabled={staff}
        onChange={(e) => set({ specialite: e.target.value })}
      />
    </div>
  );
}

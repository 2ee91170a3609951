import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { SessionUser } from "@planify/common/schemas/users";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { SelectField } from "../../components/field";
import { errorText } from "../../lib/api";
import { answerOf, apiClient } from "../../lib/api/client";
import { logout, updateUser } from "../../lib/session";
import { GROUP_OPTIONS, TRACK_OPTIONS, YEAR_OPTIONS } from "../../lib/user-labels";
import { firstSignInBody, type FirstSignInDraft } from "./first-sign-in-form";
import styles from "./first-sign-in.module.css";

/**
 * « Bienvenue sur Planify »: a student created at their first ENT sign-in picks year, group
 * and track before anything else. It cannot be closed (only « Se déconnecter »); until it is
 * saved it comes back on every page load (the session's `profilePending`).
 */
export default function FirstSignInDialog({ user }: { user: SessionUser }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<FirstSignInDraft>({ year: "", groupe: "", specialite: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<FirstSignInDraft>) => {
    setDraft({ ...draft, ...patch });
    setError(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = firstSignInBody(draft);
    if (typeof body === "string") return setError(body);
    setBusy(true);
    try {
      const saved = await answerOf(apiClient.PUT("/api/users/me/first-sign-in", { body }));
      updateUser(saved.user);
      // The lists were read for a student without a year: read them again for this one.
      await client.invalidateQueries();
    } catch (err) {
      setError(errorText(err, "Impossible d'enregistrer ton profil."));
      setBusy(false);
    }
  }

  const name = user.firstName || user.username;
  return (
    <Dialog
      open
      onOpenChange={() => undefined}
      hideClose
      width={480}
      title="Bienvenue sur Planify"
      description={`Bonjour ${name} ! Choisis ton année, ton groupe et ton parcours : Planify t'affichera les devoirs de ta classe.`}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <SelectField
          label="Année"
          required
          options={YEAR_OPTIONS}
          placeholder="Choisir…"
          value={draft.year}
          onChange={(e) => set({ year: e.target.value })}
        />
        <SelectField
          label="Groupe"
          required
          options={GROUP_OPTIONS}
          placeholder="Choisir…"
          value={draft.groupe}
          onChange={(e) => set({ groupe: e.target.value })}
        />
        <SelectField
          label="Parcours"
          options={TRACK_OPTIONS}
          value={draft.specialite}
          onChange={(e) => set({ specialite: e.target.value })}
        />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <Button type="submit" block disabled={busy}>
          {busy ? "Enregistrement…" : "Enregistrer et voir mes devoirs"}
        </Button>
        <Button variant="ghost" size="small" onClick={logout}>
          Se déconnecter
        </Button>
      </form>
    </Dialog>
  );
}

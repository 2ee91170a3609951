import { useState, type FormEvent } from "react";
import { SCHOOL_TIMETABLE_MESSAGES as M } from "@planify/common/constants/school-timetable";
import { GROUPS, YEARS, type Group, type Year } from "@planify/common/constants/school";
import { Button } from "../../components/button";
import { SelectField, TextField } from "../../components/field";
import { CheckIcon } from "../../components/icons";
import { useNotify } from "../../components/notifications";
import { failureText } from "../../lib/failure-text";
import { useFlash } from "../../lib/use-flash";
import { useClassTimetables, useRemoveClassTimetable, useSaveClassTimetable } from "./api/class-timetables";
import styles from "../../components/admin-panel.module.css";

const groupLabel = (g: string) => (g === "Promo" ? "Toute la promo" : `Groupe ${g}`);

/**
 * Class timetables: the iCalendar address of each year and group (an ADE or Hyperplanning
 * export), read by the server and shown to the class's students beside their tasks.
 */
export function AdminTimetablesPanel() {
  const list = useClassTimetables();
  const save = useSaveClassTimetable();
  const remove = useRemoveClassTimetable();
  const [year, setYear] = useState<Year>("BUT1");
  const [groupe, setGroupe] = useState<Group>("Promo");
  const [url, setUrl] = useState("");
  const [flash, showFlash] = useFlash();
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!url.trim()) return setError("Collez d'abord l'adresse du calendrier (.ics).");
    save.mutate(
      { year, groupe, url: url.trim() },
      {
        onSuccess: () => {
          setUrl("");
          showFlash(`${M.saved} (${year}, ${groupLabel(groupe)})`);
        },
        onError: (err) => setError(failureText("Enregistrement impossible", err, " : ")),
      },
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="admin-timetables-title">
      <h2 id="admin-timetables-title" className={styles.panelTitle}>
        Emplois du temps
      </h2>
      <p className={styles.panelIntro}>
        Collez le lien iCalendar (.ics) de l'emploi du temps d'une classe (export ADE, Hyperplanning…) : ses cours s'affichent dans l'emploi
        du temps des élèves concernés, relus toutes les heures. Le lien reste visible des seuls administrateurs et peut pointer vers le
        réseau de l'établissement.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.row}>
          <SelectField
            label="Année"
            value={year}
            onChange={(e) => setYear(e.target.value as Year)}
            options={YEARS.map((y) => ({ value: y, label: y }))}
          />
          <SelectField
            label="Groupe"
            value={groupe}
            onChange={(e) => setGroupe(e.target.value as Group)}
            options={GROUPS.map((g) => ({ value: g, label: groupLabel(g) }))}
          />
        </div>
        <TextField
          label="Adresse du calendrier (.ics)"
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://ade.exemple.fr/…/export.ics"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setUrl(e.target.value)}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Lecture du calendrier…" : "Enregistrer"}
          </Button>
          {flash && (
            <p className={styles.success} role="status">
              <CheckIcon size={18} /> {flash}
            </p>
          )}
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </div>
      </form>
      <h3 className={styles.subTitle}>Classes reliées</h3>
      {list.isPending && <p className={styles.loading}>Chargement…</p>}
      {list.isError && (
        <p className={styles.error} role="alert">
          {failureText("Impossible de charger les emplois du temps", list.error, " : ")}
        </p>
      )}
      {list.data && list.data.classes.length === 0 && <p className={styles.muted}>Aucune classe n'a encore d'emploi du temps.</p>}
      {list.data && list.data.classes.length > 0 && (
        <ul className={styles.list}>
          {list.data.classes.map((c) => (
            <li key={`${c.year}-${c.groupe}`} className={styles.listItem}>
              <div className={styles.grow}>
                <strong>
                  {c.year} · {groupLabel(c.groupe)}
                </strong>
                <span className={styles.mono}>{c.url}</span>
              </div>
              <Button
                variant="danger"
                size="small"
                disabled={remove.isPending}
                aria-label={`Retirer l'emploi du temps ${c.year} · ${groupLabel(c.groupe)}`}
                onClick={async () => {
                  const yes = await notify.confirm({
                    title: "Retirer cet emploi du temps ?",
                    message: `Les cours de ${c.year} · ${groupLabel(c.groupe)} ne s'afficheront plus.`,
                    yes: "Retirer",
                    no: "Annuler",
                  });
                  if (!yes) return;
                  setError(null);
                  remove.mutate(
                    { year: c.year, groupe: c.groupe },
                    {
                      onSuccess: (res) => showFlash(res.message),
                      onError: (err) => setError(failureText("Suppression impossible", err, " : ")),
                    },
                  );
                }}
              >
                Retirer
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

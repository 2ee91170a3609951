import { useState, type FormEvent } from "react";
import { holidayProblem } from "@planify/common/constants/holidays";
import type { Holiday } from "@planify/common/schemas/holidays";
import { Button } from "../../components/button";
import { QueryError, QueryLoading } from "../../components/query-state";
import { TextField } from "../../components/field";
import { CheckIcon } from "../../components/icons";
import { useNotify } from "../../components/notifications";
import { failureText } from "../../lib/failure-text";
import { useFlash } from "../../lib/use-flash";
import { useDeleteHoliday, useHolidays, useSaveHoliday } from "./api/holidays-admin";
import { HolidayImport } from "./holiday-import";
import { periodText } from "./period-text";
import styles from "../../components/admin-panel.module.css";
import h from "./admin-holidays.module.css";

const EMPTY = { label: "", firstDay: "", lastDay: "" };

/** The school's holidays: typed periods and the zone's calendar imported from its .ics, listed per school year. */
export function AdminHolidaysPanel() {
  const list = useHolidays(true);
  const save = useSaveHoliday();
  const remove = useDeleteHoliday();
  const notify = useNotify();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState(EMPTY);
  const [flash, showFlash] = useFlash();
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const problem = holidayProblem(draft.label, draft.firstDay, draft.lastDay);
    if (problem) return setError(problem);
    save.mutate(
      { id: editing, body: { ...draft, label: draft.label.trim() } },
      {
        onSuccess: (res) => {
          showFlash(res.message);
          setDraft(EMPTY);
          setEditing(null);
        },
        onError: (err) => setError(failureText("Enregistrement impossible", err, " : ")),
      },
    );
  }
  async function confirmDelete(holiday: Holiday) {
    const yes = await notify.confirm({
      title: "Supprimer cette période ?",
      message: `${holiday.label} (${periodText(holiday.firstDay, holiday.lastDay)}) ne sera plus marquée dans l'emploi du temps.`,
      yes: "Supprimer",
      no: "Annuler",
    });
    if (!yes) return;
    setError(null);
    remove.mutate(holiday.id, {
      onSuccess: (res) => showFlash(res.message),
      onError: (err) => setError(failureText("Suppression impossible", err, " : ")),
    });
  }
  function edit(holiday: Holiday) {
    setEditing(holiday.id);
    setDraft({ label: holiday.label, firstDay: holiday.firstDay, lastDay: holiday.lastDay });
    setError(null);
  }

  const byYear = new Map<string, Holiday[]>();
  for (const x of list.data?.holidays ?? []) byYear.set(x.schoolYear, [...(byYear.get(x.schoolYear) ?? []), x]);
  return (
    <section className={styles.panel} aria-labelledby="admin-holidays-title">
      <h2 id="admin-holidays-title" className={styles.panelTitle}>
        Vacances scolaires
      </h2>
      <p className={styles.panelIntro}>
        Les jours de vacances apparaissent dans l'emploi du temps, et les rappels des élèves s'y arrêtent (sauf pour ceux qui les gardent).
        Importez le calendrier scolaire de votre zone (.ics, sur data.education.gouv.fr) ou saisissez les périodes à la main.
      </p>
      <h3 className={styles.subTitle}>Importer le calendrier de la zone</h3>
      <HolidayImport />
      <h3 className={styles.subTitle}>{editing ? "Modifier la période" : "Ajouter une période"}</h3>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label="Nom" value={draft.label} placeholder="Vacances de la Toussaint" maxLength={80} onChange={set("label")} />
        <div className={styles.row}>
          <TextField label="Premier jour" type="date" value={draft.firstDay} onChange={set("firstDay")} />
          <TextField label="Dernier jour (inclus)" type="date" value={draft.lastDay} onChange={set("lastDay")} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {editing ? "Enregistrer" : "Ajouter"}
          </Button>
          {editing && (
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
              }}
            >
              Annuler
            </Button>
          )}
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
      <h3 className={styles.subTitle}>Périodes enregistrées</h3>
      {list.isPending && <QueryLoading />}
      {list.isError && (
        <QueryError text="Impossible de charger les vacances." error={list.error} onRetry={list.refetch} retrying={list.isFetching} />
      )}
      {list.data && byYear.size === 0 && <p className={styles.muted}>Aucune période de vacances pour l'instant.</p>}
      {[...byYear].map(([year, items]) => (
        <div key={year}>
          <h4 className={h.year}>Année {year}</h4>
          <ul className={styles.list}>
            {items.map((x) => (
              <li key={x.id} className={`${styles.listItem} ${h.item}`}>
                <div className={styles.grow}>
                  <strong>{x.label}</strong>
                  <span>
                    {periodText(x.firstDay, x.lastDay)} <span className={h.source}>· {x.source === "ics" ? "importée" : "saisie"}</span>
                  </span>
                </div>
                <Button variant="secondary" size="small" aria-label={`Modifier ${x.label} ${year}`} onClick={() => edit(x)}>
                  Modifier
                </Button>
                <Button
                  variant="danger"
                  size="small"
                  disabled={remove.isPending}
                  aria-label={`Supprimer ${x.label} ${year}`}
                  onClick={() => void confirmDelete(x)}
                >
                  Supprimer
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

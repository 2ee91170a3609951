import { useState } from "react";
import { HOLIDAY_LIMITS, HOLIDAY_MESSAGES as M } from "@planify/common/constants/holidays";
import type { HolidayImportResponse } from "@planify/common/schemas/holidays";
import { Button } from "../../components/button";
import { failureText } from "../../lib/failure-text";
import { useImportHolidays } from "./api/holidays-admin";
import { periodText } from "./period-text";
import styles from "../../components/admin-panel.module.css";
import h from "./admin-holidays.module.css";

/** The zone's .ics: read in the browser, previewed by the server, then applied for the chosen school years. */
export function HolidayImport() {
  const importer = useImportHolidays();
  const [ics, setIcs] = useState<string | null>(null);
  const [preview, setPreview] = useState<HolidayImportResponse | null>(null);
  const [years, setYears] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function pick(file: File | undefined) {
    setPreview(null);
    setError(null);
    setDone(null);
    if (!file) return;
    const text = await file.text();
    if (text.length > HOLIDAY_LIMITS.icsMaxChars) return setError(M.icsTooBig);
    setIcs(text);
    importer.mutate(
      { ics: text, apply: false },
      {
        onSuccess: (res) => {
          setPreview(res);
          setYears(res.schoolYears);
        },
        onError: (err) => setError(failureText("Import impossible", err, " : ")),
      },
    );
  }

  function apply() {
    if (!ics) return;
    importer.mutate(
      { ics, schoolYears: years, apply: true },
      {
        onSuccess: (res) => {
          setDone(res.message ?? "Import terminé.");
          setPreview(null);
          setIcs(null);
        },
        onError: (err) => setError(failureText("Import impossible", err, " : ")),
      },
    );
  }

  const shown = preview?.periods.filter((p) => years.includes(p.schoolYear)) ?? [];
  return (
    <div className={`${styles.form} ${h.import}`}>
      <label className={h.file}>
        Calendrier scolaire de la zone (.ics)
        <input type="file" accept=".ics,text/calendar" onChange={(e) => void pick(e.target.files?.[0])} />
      </label>
      {preview && (
        <>
          <fieldset className={styles.choices}>
            <legend>Années scolaires à remplacer</legend>
            {preview.schoolYears.map((y) => (
              <label key={y} className={styles.choice} data-checked={years.includes(y)}>
                <input
                  type="checkbox"
                  checked={years.includes(y)}
                  onChange={(e) => setYears((ys) => (e.target.checked ? [...ys, y].sort() : ys.filter((v) => v !== y)))}
                />
                {y}
              </label>
            ))}
          </fieldset>
          <ul className={styles.list} aria-label="Aperçu de l'import">
            {shown.map((p) => (
              <li key={`${p.label}-${p.firstDay}`} className={styles.listItem}>
                <strong>{p.label}</strong> <span>{periodText(p.firstDay, p.lastDay)}</span>
              </li>
            ))}
          </ul>
          <p className={styles.muted}>
            Les périodes déjà importées pour ces années sont remplacées ; celles saisies à la main sont gardées.
          </p>
          <div className={styles.actions}>
            <Button disabled={importer.isPending || shown.length === 0} onClick={apply}>
              {importer.isPending ? "Import…" : `Importer ${shown.length} période${shown.length > 1 ? "s" : ""}`}
            </Button>
          </div>
        </>
      )}
      {done && (
        <p className={styles.success} role="status">
          {done}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

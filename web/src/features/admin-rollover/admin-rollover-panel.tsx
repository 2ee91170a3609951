import { useState } from "react";
import { GRADUATE_ERASURE_MONTHS_DEFAULT, GRADUATE_ERASURE_MONTHS_MAX } from "@planify/common/constants/privacy";
import { ROLLOVER_COUNT_LABELS, type RolloverCounts } from "@planify/common/constants/rollover";
import type { RolloverBody } from "@planify/common/schemas/rollover";
import { isSchoolYear, schoolYearAt } from "@planify/common/time/school-year";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import shared from "../../components/admin-panel.module.css";
import { failureText } from "../../lib/failure-text";
import { useSchoolSettings } from "../../lib/school-settings/school-settings-api";
import { useRolloverPreview, useRolloverRun } from "./api/rollover-api";
import { RepeatingPicker } from "./repeating-picker";
import styles from "./admin-rollover.module.css";

type Step = "year" | "repeating" | "options" | "preview" | "done";
const STEPS: { id: Step; label: string }[] = [
  { id: "year", label: "Année" },
  { id: "repeating", label: "Redoublants" },
  { id: "options", label: "Options" },
  { id: "preview", label: "Aperçu" },
  { id: "done", label: "Terminé" },
];

const parisDay = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));

function Counts({ counts }: { counts: RolloverCounts }) {
  return (
    <dl className={styles.counts}>
      {(Object.keys(ROLLOVER_COUNT_LABELS) as (keyof RolloverCounts)[]).map((key) => (
        <div key={key}>
          <dt>{ROLLOVER_COUNT_LABELS[key]}</dt>
          <dd>{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * « Nouvelle année scolaire »: year → repeating students → options → preview with the counts
 * → typed confirmation → result naming the backup written first.
 */
export function AdminRolloverPanel() {
  const [step, setStep] = useState<Step>("year");
  const [year, setYear] = useState(() => schoolYearAt(Date.now()));
  const [repeating, setRepeating] = useState<string[]>([]);
  const [resetGroups, setResetGroups] = useState(false);
  // The school's delay (« Données personnelles ») until the admin picks another here; a run saves it.
  const saved = useSchoolSettings().data?.settings.graduateErasureMonths;
  // Kept as typed (it may be empty while the admin types another number), checked before the preview.
  const [picked, setMonths] = useState<string | null>(null);
  const monthsText = picked ?? String(saved ?? GRADUATE_ERASURE_MONTHS_DEFAULT);
  const months = Number(monthsText);
  const monthsOk = /^\d+$/.test(monthsText) && months >= 1 && months <= GRADUATE_ERASURE_MONTHS_MAX;
  const [typed, setTyped] = useState("");
  const preview = useRolloverPreview();
  const run = useRolloverRun();
  const body: RolloverBody = { schoolYear: year, repeating, resetGroups, graduateErasureMonths: months };
  const showPreview = () => {
    setTyped("");
    setStep("preview");
    preview.mutate(body);
  };
  const p = preview.data;
  const r = run.data;
  return (
    <section className={shared.panel} aria-labelledby="rollover-title">
      <h2 id="rollover-title" className={shared.panelTitle}>
        Nouvelle année scolaire
      </h2>
      <p className={shared.panelIntro}>
        Fait passer les étudiants à l'année suivante, désactive les diplômés de BUT3 et archive les tâches de l'année. Une sauvegarde
        complète est écrite avant tout changement : pour revenir en arrière, on la restaure.
      </p>
      <ol className={styles.steps} aria-label="Étapes">
        {STEPS.map((s, i) => (
          <li key={s.id} aria-current={s.id === step ? "step" : undefined}>
            {i + 1}. {s.label}
          </li>
        ))}
      </ol>

      {step === "year" && (
        <form
          className={shared.form}
          onSubmit={(e) => {
            e.preventDefault();
            if (isSchoolYear(year)) setStep("repeating");
          }}
        >
          <TextField
            label="Année scolaire à clôturer"
            value={year}
            onChange={(e) => setYear(e.target.value.trim())}
            hint="Par exemple 2025-2026 (1er août – 31 juillet)."
            aria-invalid={!isSchoolYear(year)}
          />
          {!isSchoolYear(year) && <p className={shared.error}>Écris l'année comme « 2025-2026 ».</p>}
          <div className={shared.actions}>
            <Button type="submit" disabled={!isSchoolYear(year)}>
              Continuer
            </Button>
          </div>
        </form>
      )}

      {step === "repeating" && (
        <>
          <RepeatingPicker selected={repeating} onChange={setRepeating} />
          <div className={shared.actions}>
            <Button variant="secondary" onClick={() => setStep("year")}>
              Retour
            </Button>
            <Button onClick={() => setStep("options")}>Continuer</Button>
          </div>
        </>
      )}

      {step === "options" && (
        <div className={shared.form}>
          <label className={styles.check}>
            <input type="checkbox" checked={resetGroups} onChange={(e) => setResetGroups(e.target.checked)} />
            Remettre à zéro les groupes et parcours (tout le monde en « Promo », sans parcours)
          </label>
          <TextField
            label="Délai avant suppression des diplômés (mois)"
            type="number"
            min={1}
            max={GRADUATE_ERASURE_MONTHS_MAX}
            value={monthsText}
            onChange={(e) => setMonths(e.target.value.trim())}
            aria-invalid={!monthsOk}
          />
          {!monthsOk && <p className={shared.error}>Écris un nombre de mois entre 1 et {GRADUATE_ERASURE_MONTHS_MAX}.</p>}
          <div className={shared.actions}>
            <Button variant="secondary" onClick={() => setStep("repeating")}>
              Retour
            </Button>
            <Button onClick={showPreview} disabled={!monthsOk}>
              Voir l'aperçu
            </Button>
          </div>
        </div>
      )}

      {step === "preview" && (
        <div className={shared.form}>
          {preview.isPending && <p className={shared.loading}>Calcul de l'aperçu…</p>}
          {preview.isError && (
            <p className={shared.error} role="alert">
              {failureText("Aperçu impossible", preview.error, " : ")}
            </p>
          )}
          {p && (
            <>
              <h3 className={shared.subTitle}>Ce qui va changer pour {p.schoolYear}</h3>
              <Counts counts={p.counts} />
              <p>
                Les diplômés pourront télécharger leurs données jusqu'au <strong>{parisDay(p.eraseAfter)}</strong>, date de suppression de
                leur compte.
              </p>
              {p.alreadyRun ? (
                <p className={shared.error} role="alert">
                  Cette année a déjà été clôturée le {parisDay(p.alreadyRun.runAt)} par {p.alreadyRun.runBy}.
                </p>
              ) : (
                <TextField
                  label={`Pour confirmer, tape « ${p.schoolYear} »`}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  autoComplete="off"
                />
              )}
            </>
          )}
          {run.isError && (
            <p className={shared.error} role="alert">
              {failureText("Clôture impossible", run.error, " : ")}
            </p>
          )}
          <div className={shared.actions}>
            <Button variant="secondary" onClick={() => setStep("options")} disabled={run.isPending}>
              Retour
            </Button>
            <Button
              variant="danger"
              disabled={!p || p.alreadyRun !== null || typed.trim() !== p.schoolYear || run.isPending}
              onClick={() => run.mutate(body, { onSuccess: () => setStep("done") })}
            >
              {run.isPending ? "Sauvegarde puis clôture…" : "Clôturer l'année"}
            </Button>
          </div>
        </div>
      )}

      {step === "done" && r && (
        <div className={shared.form}>
          <p className={shared.success} role="status">
            {r.message}
          </p>
          <p>
            Sauvegarde écrite avant les changements : <code className={styles.backup}>{r.backupName}</code>
          </p>
          <Counts counts={r.counts} />
        </div>
      )}
    </section>
  );
}

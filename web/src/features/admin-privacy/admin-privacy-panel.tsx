import { type FormEvent, useState } from "react";
import { GRADUATE_ERASURE_MONTHS_MAX, RETENTION_YEARS_MAX, RETENTION_YEARS_MIN } from "@planify/common/constants/privacy";
import { formatStorage } from "@planify/common/constants/storage";
import type { SchoolSettings } from "@planify/common/schemas/school-settings";
import { Button } from "../../components/button";
import { QueryError, QueryLoading } from "../../components/query-state";
import { failureText } from "../../lib/failure-text";
import { useSaveSchoolSettings, useSchoolSettings } from "../../lib/school-settings/school-settings-api";
import shared from "../../components/admin-panel.module.css";
import styles from "./admin-privacy-panel.module.css";
import { downloadProcessingRecord, useRetentionPreview } from "./privacy-api";

const FIELDS = [
  "controllerName",
  "controllerAddress",
  "dpoEmail",
  "hostingInfo",
  "retentionYears",
  "selfServiceErasure",
  "graduateErasureMonths",
] as const satisfies readonly (keyof SchoolSettings)[];
type Fields = Pick<SchoolSettings, (typeof FIELDS)[number]>;
/** This screen's settings only: a save never sends back another screen's (password sign-in) as it was read. */
const fieldsOf = (s: SchoolSettings): Fields => Object.fromEntries(FIELDS.map((k) => [k, s[k]])) as Fields;
/** The delays offered for graduates' accounts, in months (the schema admits any 1–60: one saved otherwise is listed too). */
const MONTHS = [1, 3, 6, 9, 12, 18, 24, 36, 48, GRADUATE_ERASURE_MONTHS_MAX];
const YEARS = Array.from({ length: RETENTION_YEARS_MAX - RETENTION_YEARS_MIN + 1 }, (_, i) => RETENTION_YEARS_MIN + i);
const dateFr = (iso: string) => new Date(iso).toLocaleString("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });
const dayFr = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString("fr-FR", { dateStyle: "long", timeZone: "UTC" });

/**
 * « Données personnelles »: what the privacy notice says (controller, DPO, hosting), how long
 * class tasks are kept and whether students erase their own account; « Prochaine suppression »
 * and the processing record for the DPO.
 */
export function AdminPrivacyPanel() {
  const settings = useSchoolSettings();
  const preview = useRetentionPreview();
  const save = useSaveSchoolSettings();
  const [draft, setDraft] = useState<Fields | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const current = settings.data?.settings;
  const form: Fields | null = draft ?? (current ? fieldsOf(current) : null);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => form && setDraft({ ...form, [key]: value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setStatus(null);
    try {
      await save.mutateAsync(form);
      setDraft(null);
      setStatus({ ok: true, text: "Réglages enregistrés : la politique de confidentialité est à jour." });
    } catch (err) {
      setStatus({ ok: false, text: failureText("Réglages non enregistrés", err, " : ") });
    }
  }

  async function record() {
    try {
      const { blob, name } = await downloadProcessingRecord();
      const url = URL.createObjectURL(blob);
      const a = Object.assign(document.createElement("a"), { href: url, download: name });
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setStatus({ ok: false, text: failureText("Registre non téléchargé", err, " : ") });
    }
  }

  const p = preview.data;
  return (
    <section className={shared.panel} aria-labelledby="admin-privacy-title">
      <h2 id="admin-privacy-title" className={shared.panelTitle}>
        Données personnelles
      </h2>
      <p className={shared.panelIntro}>
        Ces réglages construisent la <a href="/confidentialite">politique de confidentialité</a> et le registre des traitements.
      </p>
      <div className={styles.next} role="status" aria-live="polite">
        <strong>Prochaine suppression : </strong>
        {p
          ? p.tasks > 0
            ? `${dateFr(p.at)} — ${p.tasks} devoir(s) et ${p.files} fichier(s) (${formatStorage(p.bytes)}) datés d'avant le ${dayFr(p.before)}.`
            : `${dateFr(p.at)} — rien à supprimer pour l'instant (devoirs d'avant le ${dayFr(p.before)}).`
          : preview.isError
            ? failureText("Impossible de la calculer", preview.error, " : ")
            : "Chargement…"}
      </div>
      {settings.isPending && <QueryLoading />}
      {settings.isError && (
        <QueryError
          text="Impossible de lire les réglages."
          error={settings.error}
          onRetry={settings.refetch}
          retrying={settings.isFetching}
        />
      )}
      {form && (
        <form className={styles.form} onSubmit={(e) => void submit(e)}>
          <label className={styles.field}>
            Responsable du traitement (nom de l'établissement)
            <input value={form.controllerName} maxLength={200} onChange={(e) => set("controllerName", e.currentTarget.value)} />
          </label>
          <label className={styles.field}>
            Adresse
            <input value={form.controllerAddress} maxLength={500} onChange={(e) => set("controllerAddress", e.currentTarget.value)} />
          </label>
          <label className={styles.field}>
            Contact du DPO (e-mail)
            <input type="email" value={form.dpoEmail} maxLength={200} onChange={(e) => set("dpoEmail", e.currentTarget.value)} />
          </label>
          <label className={styles.field}>
            Hébergement (facultatif)
            <input value={form.hostingInfo} maxLength={500} onChange={(e) => set("hostingInfo", e.currentTarget.value)} />
          </label>
          <label className={styles.field}>
            Conservation des devoirs et rendus
            <select value={form.retentionYears} onChange={(e) => set("retentionYears", Number(e.currentTarget.value))}>
              {YEARS.map((n) => (
                <option key={n} value={n}>
                  {n} année{n > 1 ? "s" : ""} scolaire{n > 1 ? "s" : ""}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            Suppression des comptes des diplômés (après leur désactivation à la nouvelle année)
            <select value={form.graduateErasureMonths} onChange={(e) => set("graduateErasureMonths", Number(e.currentTarget.value))}>
              {[...new Set([...MONTHS, form.graduateErasureMonths])]
                .sort((a, b) => a - b)
                .map((n) => (
                  <option key={n} value={n}>
                    {n} mois
                  </option>
                ))}
            </select>
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={form.selfServiceErasure} onChange={(e) => set("selfServiceErasure", e.currentTarget.checked)} />
            <span>Suppression en libre-service : un élève efface lui-même son compte, sans attendre un administrateur</span>
          </label>
          <div className={styles.actions}>
            <Button type="submit" disabled={save.isPending || draft === null}>
              Enregistrer
            </Button>
            <Button type="button" variant="secondary" onClick={() => void record()}>
              Télécharger le registre des traitements
            </Button>
          </div>
        </form>
      )}
      {status && (
        <p className={status.ok ? shared.muted : shared.error} role={status.ok ? "status" : "alert"}>
          {status.text}
        </p>
      )}
    </section>
  );
}

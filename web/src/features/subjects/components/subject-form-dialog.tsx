import { useState, type FormEvent } from "react";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { errorText } from "../../../lib/api";
import { useSaveSubjectMutation } from "../../../lib/subjects/subject-mutations";
import {
  DEFAULT_ANGLE,
  DEFAULT_COLOR,
  DEFAULT_COLOR2,
  SUBJECT_NAME_MAX,
  type Subject,
  type SubjectInput,
} from "../../../lib/subjects/subject-types";
import { configuredSubjectStyle } from "../../../lib/subjects/subject-colors";
import { AudiencePicker } from "./audience-picker";
import styles from "../subjects.module.css";

const EMPTY: SubjectInput = {
  name: "",
  color: DEFAULT_COLOR,
  color2: DEFAULT_COLOR2,
  useGradient: false,
  gradientAngle: DEFAULT_ANGLE,
  colorOpacity: 1,
  color2Opacity: 1,
  yearsAllowed: [],
  groupsAllowed: [],
  specialitesAllowed: [],
};

/** Form rules of a subject, as French messages; null when valid. */
export function validateSubject(s: SubjectInput): string | null {
  if (!s.name.trim()) return "Le nom de la matière est requis.";
  if (s.name.trim().length > SUBJECT_NAME_MAX) return `Le nom ne doit pas dépasser ${SUBJECT_NAME_MAX} caractères.`;
  if (!/^#[0-9a-f]{6}$/i.test(s.color)) return "La couleur principale est requise.";
  return null;
}

/** Add or edit a subject (admin). */
export function SubjectFormDialog({ subject, onClose }: { subject: Subject | null; onClose(): void }) {
  const [v, setV] = useState<SubjectInput>(() => (subject ? { ...subject } : EMPTY));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSubjectMutation();
  const busy = save.isPending;
  const set = <K extends keyof SubjectInput>(k: K, value: SubjectInput[K]) => setV({ ...v, [k]: value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSubject(v);
    setError(problem);
    if (problem) return;
    try {
      await save.mutateAsync({ input: { ...v, name: v.name.trim() }, id: subject?.id || undefined });
      onClose();
    } catch (err) {
      setError(errorText(err, "Erreur lors de l'enregistrement de la matière."));
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()} title={subject ? "Modifier la matière" : "Ajouter une matière"} width={560}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.preview} style={configuredSubjectStyle(v)}>
          {v.name || "Aperçu"}
        </div>
        <label className={styles.field}>
          <span>Nom</span>
          <input value={v.name} maxLength={SUBJECT_NAME_MAX} required onChange={(e) => set("name", e.target.value)} />
        </label>
        <div className={styles.row}>
          <label className={styles.field}>
            <span>Couleur principale</span>
            <input type="color" required value={v.color} onChange={(e) => set("color", e.target.value)} />
          </label>
          <label className={styles.field}>
            <span>Opacité ({v.colorOpacity.toFixed(2)})</span>
            <input
              type="range"
              min={0}
              max={1}
              step={0.01}
              value={v.colorOpacity}
              onChange={(e) => set("colorOpacity", Number(e.target.value))}
            />
          </label>
        </div>
        <label className={styles.switch}>
          <input type="checkbox" checked={v.useGradient} onChange={(e) => set("useGradient", e.target.checked)} /> Utiliser un dégradé
        </label>
        {v.useGradient && (
          <div className={styles.row}>
            <label className={styles.field}>
              <span>Seconde couleur</span>
              <input type="color" value={v.color2} onChange={(e) => set("color2", e.target.value)} />
            </label>
            <label className={styles.field}>
              <span>Opacité ({v.color2Opacity.toFixed(2)})</span>
              <input
                type="range"
                min={0}
                max={1}
                step={0.01}
                value={v.color2Opacity}
                onChange={(e) => set("color2Opacity", Number(e.target.value))}
              />
            </label>
            <label className={styles.field}>
              <span>Angle (°)</span>
              <input
                type="number"
                min={0}
                max={360}
                value={v.gradientAngle}
                onChange={(e) => set("gradientAngle", Math.min(360, Math.max(0, Number(e.target.value) || 0)))}
              />
            </label>
          </div>
        )}
        <AudiencePicker value={v} onChange={(a) => setV({ ...v, ...a })} />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Annuler
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Enregistrement..." : subject ? "Enregistrer" : "Ajouter"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

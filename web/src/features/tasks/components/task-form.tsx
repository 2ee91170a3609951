import { GROUPS, TRACK_LABELS, TRACKS, YEARS } from "@planify/common/constants/school";
import type { FormEvent, ReactNode } from "react";
import { Button } from "../../../components/button";
import { DescriptionField } from "../../../components/rich-text/description-field";
import type { EditorLimits } from "../../../components/rich-text/editor-constants";
import { isStaff, richToolsAllowed, type Viewer } from "../model/roles";
import type { TaskFormValues } from "../model/task-validation";
import { GroupPicker } from "./group-picker";
import { SubjectField, TitleField, WhenFields } from "./task-fields";
import styles from "./dialogs.module.css";

interface Props {
  viewer: Viewer;
  subjects: string[];
  values: TaskFormValues;
  onChange(values: TaskFormValues): void;
  onSubmit(): void;
  error: string | null;
  onError(message: string): void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  mode: "add" | "edit";
  /** Attachments area (pickers, existing files, progress). */
  children?: ReactNode;
  /** Editor sizes and image limits (the admin dashboard's differ from the task popup's). */
  limits?: EditorLimits;
  /** The admin dashboard's single group, used when no group box is ticked. */
  mainGroup?: { value: string; onChange(group: string): void };
}

/** Fields shared by the add and edit popups. */
export function TaskForm(p: Props) {
  const { values: v } = p;
  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => {
    if (p.error) p.onError("");
    p.onChange({ ...v, [key]: value });
  };
  const staff = isStaff(p.viewer);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    p.onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TitleField value={v.titre} onChange={(value) => set("titre", value)} />
      <div className={styles.row}>
        <label className={styles.field}>
          <span>Type</span>
          <select required value={v.type} onChange={(e) => set("type", e.target.value as TaskFormValues["type"])}>
            <option value="devoir">Devoir</option>
            <option value="exam">Examen</option>
          </select>
        </label>
        <SubjectField value={v.matiere} subjects={p.subjects} onChange={(value) => set("matiere", value)} />
      </div>
      <WhenFields date={v.date} heure={v.heure} onDate={(value) => set("date", value)} onTime={(value) => set("heure", value)} />
      <div className={styles.row}>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: both branches put the control inside the label. */}
        <label className={styles.field}>
          <span>Année</span>
          {staff ? (
            <select value={v.year} onChange={(e) => set("year", e.target.value)}>
              <option value="">Choisir une année</option>
              {YEARS.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          ) : (
            <input value={p.viewer.year || "—"} readOnly aria-readonly title="Votre année est utilisée" />
          )}
        </label>
        {(v.year || !staff) && (
          <label className={styles.field}>
            <span>Spécialité (facultatif)</span>
            <select value={v.specialite} onChange={(e) => set("specialite", e.target.value)}>
              <option value="">Toutes</option>
              {TRACKS.map((t) => (
                <option key={t} value={t}>
                  {TRACK_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {p.mainGroup && (
        <label className={styles.field}>
          <span>Groupe</span>
          <select value={p.mainGroup.value} onChange={(e) => p.mainGroup?.onChange(e.target.value)}>
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
      )}
      <GroupPicker
        value={v.groupes}
        onChange={(g) => set("groupes", g)}
        legend={p.mainGroup ? "Plusieurs groupes (facultatif)" : undefined}
      />
      {staff && (
        <label className={styles.switch}>
          <input type="checkbox" checked={v.submissionEnabled} onChange={(e) => set("submissionEnabled", e.target.checked)} />
          <span>Activer le dépôt de fichiers des étudiants</span>
        </label>
      )}
      <div className={styles.field}>
        <span>Description</span>
        <DescriptionField
          value={v.description}
          onChange={(html) => set("description", html)}
          rich={richToolsAllowed(p.viewer)}
          onError={p.onError}
          limits={p.limits}
        />
      </div>
      {p.children}
      {p.error && (
        <p className={styles.formError} role="alert">
          {p.error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={p.busy}>
          {p.busy ? p.busyLabel : p.submitLabel}
        </Button>
      </div>
    </form>
  );
}

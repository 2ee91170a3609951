import { GROUPS, TRACKS, YEARS, type Group } from "@planify/common/constants/school";
import { TASK_MESSAGES } from "@planify/common/constants/tasks";
import { isOneOf } from "@planify/common/constants/one-of";
import type { TaskInput } from "../api/events-api";
import type { TaskEvent, TaskType } from "../api/task-types";
import { isDelegate, isStaff, type Viewer } from "./roles";

export interface TaskFormValues {
  titre: string;
  type: TaskType;
  matiere: string;
  date: string;
  heure: string;
  description: string;
  groupes: string[];
  year: string;
  specialite: string;
  submissionEnabled: boolean;
}

/** A task's fields the form edits (a proposal has the same). */
type FormSource = Pick<
  TaskEvent,
  "titre" | "type" | "matiere" | "date" | "heure" | "description" | "groupes" | "year" | "specialite" | "submissionEnabled"
>;

export function initialValues(viewer: Viewer, task?: FormSource | null): TaskFormValues {
  if (task) {
    return {
      titre: task.titre,
      type: task.type,
      matiere: task.matiere,
      date: task.date,
      heure: task.heure.slice(0, 5),
      description: task.description,
      groupes: [...task.groupes],
      year: task.year,
      specialite: task.specialite,
      submissionEnabled: task.submissionEnabled,
    };
  }
  return {
    titre: "",
    type: "devoir",
    matiere: "",
    date: "",
    heure: "",
    description: "",
    groupes: isDelegate(viewer) && viewer.groupe ? [viewer.groupe] : [],
    year: isStaff(viewer) ? "" : viewer.year,
    specialite: "",
    submissionEnabled: false,
  };
}

/** The first task-form rule the input breaks, as its French message; null when valid. */
export function validateTask(v: TaskFormValues, viewer: Viewer, mode: "add" | "edit"): string | null {
  if (!v.titre.trim()) return "Veuillez saisir un titre.";
  if (!v.matiere) return TASK_MESSAGES.subjectRequired;
  if (mode === "add") {
    if (!v.date) return "Veuillez choisir une date.";
    if (!/^\d{1,2}[:h]\d{2}$/.test(v.heure)) return "Veuillez choisir une heure.";
  }
  if (v.groupes.length === 0) return TASK_MESSAGES.groupRequired;
  if (isStaff(viewer) && mode === "add" && !v.year) return TASK_MESSAGES.yearRequired;
  return null;
}

/** The body sent to the server; a delegate's year is never sent on edits (it cannot change). */
export function toInput(v: TaskFormValues, viewer: Viewer, mode: "add" | "edit"): TaskInput {
  const picked = v.groupes.filter((g) => isOneOf(GROUPS)(g));
  const groupes: Group[] = picked.includes("Promo") ? ["Promo"] : picked;
  const input: TaskInput = {
    titre: v.titre.trim(),
    type: v.type,
    matiere: v.matiere,
    date: v.date,
    heure: v.heure.replace("h", ":"),
    description: v.description,
    groupes,
    groupe: groupes[0] ?? "Promo",
    specialite: isOneOf(TRACKS)(v.specialite) ? v.specialite : "",
  };
  if (isStaff(viewer)) {
    input.year = isOneOf(YEARS)(v.year) ? v.year : "";
    input.submissionEnabled = v.submissionEnabled;
  } else if (mode === "add") {
    input.year = isOneOf(YEARS)(viewer.year) ? viewer.year : "";
  }
  return input;
}

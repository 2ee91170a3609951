import { TASK_TITLE_MAX } from "./tasks";

/** How many personal tasks one account may keep (checked and archived ones included). */
export const PERSONAL_TASKS_MAX = 500;
/** A personal task's note is plain text of at most this many characters. */
export const PERSONAL_NOTE_MAX = 2000;
/** Dates accepted for a personal task: from a year ago to two years ahead (Paris days). */
export const PERSONAL_PAST_DAYS = 365;
export const PERSONAL_FUTURE_DAYS = 730;
/** Label of the badge on personal cards and of their calendar entries. */
export const PERSONAL_LABEL = "Perso";

/** French texts of the personal tasks, answered by the server and shown by the web app. */
export const PERSONAL_MESSAGES = {
  created: "Tâche perso ajoutée.",
  updated: "Tâche perso modifiée.",
  deleted: "Tâche perso supprimée.",
  notFound: "Tâche introuvable.",
  titleRequired: "Le titre est requis.",
  titleTooLong: `Le titre ne doit pas dépasser ${TASK_TITLE_MAX} caractères.`,
  noteTooLong: `La note ne doit pas dépasser ${PERSONAL_NOTE_MAX} caractères.`,
  dateRequired: "La date est requise (AAAA-MM-JJ).",
  timeRequired: "L'heure est requise (HH:MM).",
  dateOutOfRange: "La date doit se situer entre il y a un an et dans deux ans.",
  tooMany: `Vous avez déjà ${PERSONAL_TASKS_MAX} tâches perso : supprimez-en avant d'en ajouter.`,
} as const;

import { TASK_FILES_MAX } from "./tasks";

// Storage limits both sides state the same way: the hand-in file cap, the account quota,
// and how sizes read in French (Mo, Go).

/** Most files one student's hand-in holds in all, over every deposit (spec: 10 per submission). */
export const SUBMISSION_FILES_MAX = TASK_FILES_MAX;

/** "160 Ko", "12,5 Mo", "3,2 Go": a size as an admin or a student reads it (1 Mo = 1024 × 1024 octets). */
export function formatStorage(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  const mb = bytes / (1024 * 1024);
  const [value, unit] = mb >= 1024 ? [mb / 1024, "Go"] : [mb, "Mo"];
  return `${(Math.round(value * 10) / 10).toString().replace(".", ",")} ${unit}`;
}

/** The refusal of a deposit that would bring a hand-in over the cap, saying how many may still come. */
export function submissionFilesMaxMessage(already: number): string {
  const left = Math.max(0, SUBMISSION_FILES_MAX - already);
  if (left === 0) return `Ce dépôt contient déjà ${SUBMISSION_FILES_MAX} fichiers, le maximum : supprimez-en un pour en ajouter un autre.`;
  return `Un dépôt contient au plus ${SUBMISSION_FILES_MAX} fichiers : vous pouvez encore en ajouter ${left}.`;
}

/** The refusal of an upload over the account's quota, with what is used and the limit. */
export function storageQuotaMessage(usedBytes: number, limitBytes: number): string {
  return `Espace de votre compte dépassé : ${formatStorage(usedBytes)} utilisés sur ${formatStorage(limitBytes)}. Supprimez d'anciens fichiers ou prévenez l'administrateur.`;
}

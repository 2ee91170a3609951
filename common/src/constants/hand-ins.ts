/** A student's standing on one task's hand-in, as the hand-in table shows it. */
export const HAND_IN_STATUSES = ["rendu", "en-retard", "non-rendu", "dispense"] as const;
export type HandInStatus = (typeof HAND_IN_STATUSES)[number];
export const HAND_IN_STATUS_LABELS: Record<HandInStatus, string> = {
  rendu: "Rendu",
  "en-retard": "Rendu en retard",
  "non-rendu": "Non rendu",
  dispense: "Dispensé",
};

/**
 * Where the teacher's feedback on one hand-in stands: none yet, a draft the student cannot
 * see, or returned to the student (« Corrigé ») with nothing changed since.
 */
export const FEEDBACK_STATES = ["aucun", "brouillon", "corrige"] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
export const FEEDBACK_STATE_LABELS: Record<FeedbackState, string> = {
  aucun: "À corriger",
  brouillon: "Brouillon",
  corrige: "Corrigé",
};

/** Marks are out of the task's scale: 20 unless the teacher sets another (1 to 100). */
export const MARK_SCALE_DEFAULT = 20;
export const MARK_SCALE_MIN = 1;
export const MARK_SCALE_MAX = 100;
/** Marks keep at most two decimals (12,25). */
export const MARK_DECIMALS = 2;
/** A feedback comment is sanitised rich HTML, like a task description but without images. */
export const FEEDBACK_COMMENT_MAX = 20_000;
/** Corrected copies returned to one student: at most this many files in all. */
export const RETURNED_FILES_MAX = 10;
/** What a teacher may return: documents, archives and scans. */
export const RETURNED_EXTENSIONS = ["pdf", "doc", "docx", "zip", "rar", "png", "jpg", "jpeg"] as const;
/** A hand-in keeps at most this many versions (each deposit or removal makes one). */
export const HAND_IN_VERSIONS_MAX = 100;

/** French texts the server answers and the web app shows. */
export const HAND_IN_MESSAGES = {
  notSubmissionTask: "Cette tâche n'attend pas de dépôt.",
  notAStudent: "Cet étudiant ne voit pas cette tâche.",
  studentNotFound: "Étudiant introuvable.",
  deadlineInvalid: "Date ou heure de délai invalide.",
  deadlineBeforeTask: "Le nouveau délai doit être après l'échéance de la tâche.",
  extended: "Délai prolongé.",
  extensionRemoved: "Délai d'origine rétabli.",
  exempted: "Étudiant dispensé.",
  exemptionRemoved: "Dispense retirée.",
  reopened: "Dépôt rouvert pour cet étudiant.",
  notClosed: "Ce dépôt est déjà ouvert.",
  scaleInvalid: `Le barème doit être un nombre entier entre ${MARK_SCALE_MIN} et ${MARK_SCALE_MAX}.`,
  scaleSaved: "Barème enregistré.",
  scaleBelowMarks: "Des notes dépassent ce barème : corrigez-les d'abord.",
  scaleAfterReturn: "Le barème ne peut plus changer : des notes ont déjà été rendues sur ce barème.",
  markInvalid: "Note invalide : un nombre entre 0 et le barème, deux décimales au plus.",
  commentTooLong: `Commentaire trop long (${FEEDBACK_COMMENT_MAX.toLocaleString("fr-FR")} caractères au plus).`,
  nothingToMark: "Cet étudiant n'a rien rendu.",
  draftSaved: "Brouillon enregistré.",
  returnedFilesMax: `${RETURNED_FILES_MAX} fichiers corrigés au plus par étudiant.`,
  returnedAdded: "Copie corrigée ajoutée.",
  returnedDeleted: "Copie corrigée supprimée.",
  nothingToPublish: "Aucune correction en brouillon à rendre.",
  published: (n: number) => (n === 1 ? "1 copie rendue." : `${n} copies rendues.`),
  nudgeDone: (n: number) =>
    n === 0 ? "Personne à relancer : tout le monde a rendu." : n === 1 ? "1 étudiant relancé." : `${n} étudiants relancés.`,
  nudgeAlreadyToday: "Les retardataires ont déjà été relancés aujourd'hui.",
  nudgeTitle: (titre: string) => `Dépôt attendu : ${titre}`,
  nudgeBody: (deadline: string) => `Votre enseignant attend votre dépôt (échéance : ${deadline}).`,
  feedbackTitle: (titre: string) => `Copie corrigée : ${titre}`,
  feedbackBody: "Votre enseignant a rendu votre copie.",
  depositClosedCorrected: "Votre copie a été corrigée : le dépôt est fermé (demandez à votre enseignant de le rouvrir).",
  versionsMax: `Ce dépôt a atteint ${HAND_IN_VERSIONS_MAX} versions : demandez à votre enseignant.`,
  zipLate: "en retard",
  zipOnTime: "dans les temps",
  zipNotHandedIn: "non rendu",
  zipExempt: "dispensé",
  zipReturnedFolder: "corrigé",
  calendarExempt: "(dispensé)",
} as const;

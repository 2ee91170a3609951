/** Task types; "examen" is accepted on input and read as "exam". */
export const TASK_TYPES = ["devoir", "exam"] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_TYPE_LABELS: Record<TaskType, string> = { devoir: "Devoir", exam: "Examen" };

export const TASK_TITLE_MAX = 120;
/** Cards cut titles at this length plus an ellipsis. */
export const TASK_TITLE_CARD_LENGTH = 23;
/** A description may embed a few images of up to 800 KB each as data URLs. */
export const TASK_DESCRIPTION_MAX = 6_000_000;
/** Timetable slot length when a task gives no duration. */
export const TASK_DEFAULT_DURATION_MIN = 60;
export const TASK_DURATION_MAX_MIN = 24 * 60;

/** Rich-text editor limits of the task popups. */
export const TASK_IMAGE_MAX_BYTES = 800 * 1024;
export const TASK_IMAGE_WIDTH_MIN = 80;
export const TASK_IMAGE_WIDTH_MAX = 900;
export const TASK_FONT_SIZES = Array.from({ length: 21 }, (_, i) => 14 + i * 2);
export const TASK_FONTS = [
  "Cobe Heavy",
  "Inter",
  "Georgia",
  "Times New Roman",
  "Arial Black",
  "Courier New",
  "Trebuchet MS",
  "Impact",
  "Roboto",
  "Montserrat",
  "Poppins",
] as const;

/** Files per upload request (attachments and hand-ins). */
export const TASK_FILES_MAX = 10;
/** Original file names are kept as data, cut to this length. */
export const FILE_NAME_MAX = 200;
/** Extensions accepted for task attachments and for hand-ins (checked by content too). */
export const ATTACHMENT_EXTENSIONS = ["pdf", "doc", "docx", "zip", "rar", "png", "jpg", "jpeg", "svg"] as const;
export const SUBMISSION_EXTENSIONS = ["pdf", "doc", "docx", "zip", "rar"] as const;
/**
 * What the task edit form offers to attach: the attachment list without archives (spec: editing
 * allows pdf, doc, docx and images). The server's one attachment route accepts the full list.
 */
export const ATTACHMENT_EDIT_EXTENSIONS = ATTACHMENT_EXTENSIONS.filter((ext) => ext !== "zip" && ext !== "rar");

/**
 * GET /events answers the tasks due from this many days ago on (every future one included);
 * older ones come by pages of TASK_PAGE_DEFAULT (at most TASK_PAGE_MAX) on demand.
 */
export const TASK_LIST_RECENT_DAYS = 30;
export const TASK_PAGE_DEFAULT = 50;
export const TASK_PAGE_MAX = 200;

/** French texts the server answers and the web app shows. */
export const TASK_MESSAGES = {
  created: "Tâche ajoutée avec succès !",
  updated: "Tâche modifiée.",
  hidden: "Tâche retirée de votre liste.",
  hardDeleted: "Tâche supprimée définitivement.",
  groupsUpdated: "Groupes mis à jour.",
  notFound: "Tâche introuvable.",
  /** A task archived by the rollover (« Nouvelle année scolaire ») is read-only. */
  archivedYear: (year: string) => `Cette tâche est archivée avec l'année ${year} : elle ne peut plus être modifiée.`,
  titleRequired: "Le titre est requis.",
  subjectRequired: "Veuillez sélectionner une matière.",
  unknownSubject: "Matière inconnue.",
  dateRequired: "La date est requise (AAAA-MM-JJ).",
  timeRequired: "L'heure est requise (HH:MM).",
  groupRequired: "Veuillez sélectionner au moins un groupe.",
  yearRequired: "Veuillez sélectionner une année.",
  emptyDescription: "La description est vide une fois nettoyée.",
  notCreator: "Vous ne pouvez modifier que les tâches que vous avez créées.",
  notCreatorDelete: "Seul le créateur de la tâche ou un administrateur peut la supprimer définitivement.",
  depositRequired: "Un dépôt est requis pour cette tâche : déposez votre travail avant de la retirer.",
  submissionDisabled: "Le dépôt n'est pas activé pour cette tâche.",
  submissionStudentsOnly: "Le dépôt est réservé aux étudiants.",
  depositDone: "Dépôt réussi.",
  fileDeleted: "Fichier supprimé.",
  fileNotFound: "Fichier introuvable.",
  noSubmissions: "Aucun dépôt pour cette tâche.",
  attachmentsAdded: "Pièces jointes ajoutées.",
  badCursor: "Page de tâches invalide : rechargez la liste.",
  badPageSize: `La taille de page doit être comprise entre 1 et ${TASK_PAGE_MAX}.`,
} as const;

import { parisLocalToDate } from "../model/paris-time";

export type TaskType = "devoir" | "exam";

export interface Attachment {
  filename: string;
  originalname: string;
  size: number;
  /** Download URL given by the server (session required). */
  url: string;
}

/** A task as the screen uses it, read tolerantly from the server answer (spec 3 §3). */
export interface TaskEvent {
  id: string;
  titre: string;
  type: TaskType;
  matiere: string;
  date: string;
  heure: string;
  description: string;
  year: string;
  specialite: string;
  groupes: string[];
  groupe: string;
  submissionEnabled: boolean;
  createdBy: string;
  attachments: Attachment[];
  checked: boolean;
  archived: boolean;
  hidden: boolean;
  start: string | null;
  end: string | null;
  /** Paris deadline (date + heure) as an instant. */
  deadline: Date | null;
}

export interface SubmittedFile extends Attachment {
  createdAt: string | null;
  late: boolean;
}

export interface Submission {
  userId: string;
  userName: string;
  files: SubmittedFile[];
  submittedAt: string | null;
  late: boolean;
  lateByMs: number;
}

type Raw = Record<string, unknown>;
const str = (v: unknown, d = ""): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : d);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const bool = (v: unknown): boolean => v === true || v === "true" || v === 1;

/** Reads an answer that is either an array or an object holding the array under `key`. */
export function listOf(raw: unknown, key: string): Raw[] {
  if (Array.isArray(raw)) return raw as Raw[];
  if (raw && typeof raw === "object") return arr((raw as Raw)[key]) as Raw[];
  return [];
}

function idOf(v: unknown): string {
  if (v && typeof v === "object") return str((v as Raw).id ?? (v as Raw)._id);
  return str(v);
}

export function normaliseFile(raw: Raw): SubmittedFile {
  return {
    filename: str(raw.filename ?? raw.name),
    originalname: str(raw.originalname ?? raw.originalName ?? raw.name ?? raw.filename),
    size: Number(raw.size ?? 0),
    url: str(raw.url ?? raw.path),
    createdAt: str(raw.createdAt) || null,
    late: bool(raw.late),
  };
}

/** Normalises one event: aliases of spec 3 §3 ('examen', 'h' in times, checkedBy...). */
export function normaliseEvent(raw: Raw, userId?: string): TaskEvent {
  const type = str(raw.type).toLowerCase();
  const date = str(raw.date) || str(raw.dueDate).slice(0, 10);
  const heure = str(raw.heure).replace("h", ":") || "23:59";
  const has = (key: string) => !!userId && arr(raw[key]).map(idOf).includes(userId);
  const groupes = arr(raw.groupes).map((g) => str(g)).filter(Boolean);
  const start = str(raw.start) || null;
  return {
    id: str(raw.id ?? raw._id),
    titre: str(raw.titre ?? raw.title),
    type: type === "exam" || type === "examen" ? "exam" : "devoir",
    matiere: str(raw.matiere ?? raw.subject),
    date,
    heure,
    description: str(raw.description),
    year: str(raw.year),
    specialite: str(raw.specialite),
    groupes: groupes.length ? groupes : [str(raw.groupe, "Promo") || "Promo"],
    groupe: str(raw.groupe, "Promo") || "Promo",
    submissionEnabled: bool(raw.submissionEnabled),
    createdBy: idOf(raw.createdBy ?? raw.creatorId),
    attachments: arr(raw.attachments).map((a) => normaliseFile(a as Raw)),
    checked: bool(raw.checked) || bool(raw.isCompleted) || has("checkedBy"),
    archived: bool(raw.archived) || has("archivedBy"),
    hidden: bool(raw.hidden) || has("hiddenBy"),
    start,
    end: str(raw.end) || null,
    deadline: start ? new Date(start) : parisLocalToDate(date, heure),
  };
}

export function normaliseSubmission(raw: Raw): Submission {
  const user = raw.user && typeof raw.user === "object" ? (raw.user as Raw) : null;
  return {
    userId: str(raw.userId) || idOf(raw.user),
    userName: str(raw.userName ?? raw.username ?? user?.username, "Étudiant"),
    files: arr(raw.files).map((f) => normaliseFile(f as Raw)),
    submittedAt: str(raw.submittedAt) || null,
    late: bool(raw.late ?? raw.isLate),
    lateByMs: Number(raw.lateByMs ?? raw.delayMs ?? raw.lateMs ?? 0),
  };
}

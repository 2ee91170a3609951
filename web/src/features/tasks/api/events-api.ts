import { api } from "../../../lib/api";
import { downloadAndSave, uploadFiles, type ProgressListener } from "../../../lib/transfer";
import { listOf, normaliseEvent, normaliseFile, normaliseSubmission, type TaskEvent, type TaskType } from "./task-types";

const enc = encodeURIComponent;

/** Body of POST /events and of the edit calls (spec 3 §7.1). */
export interface TaskInput {
  titre: string;
  type: TaskType;
  matiere: string;
  date: string;
  heure: string;
  description: string;
  groupes: string[];
  groupe: string;
  submissionEnabled?: boolean;
  year?: string;
  specialite?: string;
}

export async function fetchEvents(userId?: string): Promise<TaskEvent[]> {
  const raw = await api<unknown>("/events");
  return listOf(raw, "events").map((e) => normaliseEvent(e, userId));
}

export async function fetchMyEvents(userId?: string): Promise<TaskEvent[]> {
  const raw = await api<unknown>("/events/mine");
  return listOf(raw, "events").map((e) => normaliseEvent(e, userId));
}

function eventOf(raw: unknown, userId?: string): TaskEvent {
  const obj = (raw && typeof raw === "object" && "event" in raw ? (raw as { event: unknown }).event : raw) as Record<string, unknown>;
  return normaliseEvent(obj ?? {}, userId);
}

export async function createEvent(input: TaskInput): Promise<TaskEvent> {
  return eventOf(await api<unknown>("/events", { method: "POST", body: input }));
}

/** Profs and admins edit with PUT; a delegate edits its own tasks through update-self. */
export async function updateEvent(id: string, input: Partial<TaskInput>, asDelegate: boolean): Promise<TaskEvent> {
  const raw = asDelegate
    ? await api<unknown>(`/events/${enc(id)}/update-self`, { method: "POST", body: input })
    : await api<unknown>(`/events/${enc(id)}`, { method: "PUT", body: input });
  return eventOf(raw);
}

export type StateAction = "check" | "uncheck" | "archive" | "unarchive";

export function setState(id: string, action: StateAction): Promise<unknown> {
  return api(`/events/${enc(id)}/${action}`, { method: "POST", body: {} });
}

/** Hides a task for the caller only. */
export function deleteForMe(id: string): Promise<unknown> {
  return api(`/events/${enc(id)}`, { method: "DELETE" });
}

export function hardDelete(id: string): Promise<unknown> {
  return api(`/events/${enc(id)}/hard-delete`, { method: "POST", body: {} });
}

export function setGroups(id: string, groups: string[]): Promise<unknown> {
  return api(`/events/${enc(id)}/set-groups`, { method: "POST", body: { groups } });
}

export function uploadAttachments(id: string, files: File[], onProgress?: ProgressListener): Promise<unknown> {
  return uploadFiles(`/events/${enc(id)}/attachments`, files, onProgress);
}

export function deleteAttachment(id: string, filename: string): Promise<unknown> {
  return api(`/events/${enc(id)}/attachments/${enc(filename)}`, { method: "DELETE" });
}

export function downloadAttachment(id: string, filename: string, name: string, onProgress?: ProgressListener) {
  return downloadAndSave(`/events/${enc(id)}/attachments/${enc(filename)}/download`, onProgress, { fallbackName: name });
}

export async function fetchSubmissions(id: string) {
  return listOf(await api<unknown>(`/events/${enc(id)}/submissions`), "submissions").map(normaliseSubmission);
}

export async function fetchMySubmission(id: string) {
  const raw = (await api<Record<string, unknown> | null>(`/events/${enc(id)}/my-submission`)) ?? {};
  const sub = (raw.submission && typeof raw.submission === "object" ? raw.submission : raw) as Record<string, unknown>;
  const files = Array.isArray(sub.files) ? sub.files : [];
  return {
    files: files.map((f) => normaliseFile(f as Record<string, unknown>)),
    submittedAt: typeof sub.submittedAt === "string" ? sub.submittedAt : null,
    late: sub.late === true,
  };
}

export function submitFiles(id: string, files: File[], onProgress?: ProgressListener): Promise<unknown> {
  return uploadFiles(`/events/${enc(id)}/submissions`, files, onProgress);
}

export function deleteMySubmissionFile(id: string, filename: string): Promise<unknown> {
  return api(`/events/${enc(id)}/my-submission/${enc(filename)}`, { method: "DELETE" });
}

/** Downloads a stored file by the URL the server gave it (hand-ins), under /api. */
export function downloadByUrl(url: string, name: string, onProgress?: ProgressListener) {
  const path = url.startsWith("/api/") ? url.slice(4) : url;
  return downloadAndSave(path, onProgress, { fallbackName: name });
}

export function downloadSubmissionsZip(id: string, onProgress?: ProgressListener) {
  return downloadAndSave(`/events/${enc(id)}/submissions/zip`, onProgress, { fallbackName: "depots.zip", sanitise: true });
}

import { downloadAndSave, uploadFiles, type ProgressListener } from "../../../lib/transfer";
import type { OkMessage } from "@planify/common/schemas/shared";
import { isGroup } from "@planify/common/constants/school";
import type {
  AttachmentDeletedResponse,
  AttachmentsAddedResponse,
  MySubmissionResponse,
  SubmitResponse,
  TaskStateResponse,
  TaskBody,
  TaskEditBody,
  TaskListResponse,
  TaskUpdatedResponse,
} from "@planify/common/schemas/tasks";
import { withDeadline, type TaskEvent } from "./task-types";
import { answerOf, apiClient, apiClientWith, type paths } from "../../../lib/api/client";
import { givenUrl, routeOf } from "../../../lib/api/routes";

type Done = OkMessage;

/** Body of POST /events and of the edit calls: the server's schema (spec names only). */
export type TaskInput = TaskBody;

/** One answer of GET /events: its tasks and the cursor of what is older (null: nothing more). */
export interface EventsPage {
  events: TaskEvent[];
  olderCursor: string | null;
}

const toPage = (res: TaskListResponse): EventsPage => ({ events: res.events.map(withDeadline), olderCursor: res.olderCursor ?? null });

/** The recent window (tasks due in the last 30 days and every future one). */
export async function fetchEvents(): Promise<EventsPage> {
  return toPage(await answerOf(apiClient.GET("/api/events")));
}

/** The page of tasks just older than `cursor` (a cursor the server gave). */
export async function fetchOlderEvents(cursor: string, signal?: AbortSignal): Promise<EventsPage> {
  return toPage(await answerOf(apiClient.GET("/api/events", { params: { query: { before: cursor } }, signal })));
}

export async function fetchMyEvents(): Promise<TaskEvent[]> {
  return (await answerOf(apiClient.GET("/api/events/mine"))).events.map(withDeadline);
}

export async function createEvent(input: TaskInput): Promise<TaskEvent> {
  return withDeadline((await answerOf(apiClient.POST("/api/events", { body: input }))).event);
}

/** Profs and admins edit with PUT; a delegate edits its own tasks through update-self. */
export async function updateEvent(id: string, input: TaskEditBody, asDelegate: boolean): Promise<TaskEvent> {
  const params = { path: { id } };
  const res = await answerOf(
    asDelegate
      ? apiClient.POST("/api/events/{id}/update-self", { params, body: input })
      : apiClient.PUT("/api/events/{id}", { params, body: input }),
  );
  return withDeadline(res.event);
}

export type StateAction = "check" | "uncheck" | "archive" | "unarchive";

const STATE_PATHS = {
  check: "/api/events/{id}/check",
  uncheck: "/api/events/{id}/uncheck",
  archive: "/api/events/{id}/archive",
  unarchive: "/api/events/{id}/unarchive",
} as const satisfies Record<StateAction, keyof paths>;

export function setState(id: string, action: StateAction): Promise<TaskStateResponse> {
  return answerOf(apiClient.POST(STATE_PATHS[action], { params: { path: { id } } }));
}

/**
 * Sets the caller's check of a task (a state, never a toggle) with an Idempotency-Key: the
 * offline queue may send the same entry twice, the server acts once.
 */
export function sendCheck(id: string, checked: boolean, key: string): Promise<TaskStateResponse> {
  return answerOf(
    apiClientWith({ background: true }).POST(STATE_PATHS[checked ? "check" : "uncheck"], {
      params: { path: { id } },
      headers: { "Idempotency-Key": key },
    }),
  );
}

/** Hides a task for the caller only. */
export function deleteForMe(id: string): Promise<Done> {
  return answerOf(apiClient.DELETE("/api/events/{id}", { params: { path: { id } } }));
}

/**
 * Hard delete by the creator or an admin. `groups` (the confirmation's group choice) removes
 * the task for those groups only; without it, or with all of them, it goes for everyone.
 */
export function hardDelete({ id, groups }: { id: string; groups?: string[] }): Promise<Done> {
  const body = groups ? { groups: groups.filter(isGroup) } : {};
  return answerOf(apiClient.POST("/api/events/{id}/hard-delete", { params: { path: { id } }, body }));
}

/** `groups` come from the task itself (its `groupes`), so every one is a known group. */
export function setGroups(id: string, groups: string[]): Promise<TaskUpdatedResponse> {
  return answerOf(apiClient.POST("/api/events/{id}/set-groups", { params: { path: { id } }, body: { groups: groups.filter(isGroup) } }));
}

export function uploadAttachments(id: string, files: File[], onProgress?: ProgressListener): Promise<AttachmentsAddedResponse> {
  return uploadFiles(routeOf("/api/events/{id}/attachments", { id }), files, onProgress);
}

export function deleteAttachment(id: string, filename: string): Promise<AttachmentDeletedResponse> {
  return answerOf(apiClient.DELETE("/api/events/{id}/attachments/{filename}", { params: { path: { id, filename } } }));
}

export function downloadAttachment(id: string, filename: string, name: string, onProgress?: ProgressListener) {
  return downloadAndSave(routeOf("/api/events/{id}/attachments/{filename}/download", { id, filename }), onProgress, { fallbackName: name });
}

export async function fetchSubmissions(id: string) {
  return (await answerOf(apiClient.GET("/api/events/{id}/submissions", { params: { path: { id } } }))).submissions;
}

export async function fetchMySubmission(id: string): Promise<MySubmissionResponse> {
  return answerOf(apiClient.GET("/api/events/{id}/my-submission", { params: { path: { id } } }));
}

export function submitFiles(id: string, files: File[], onProgress?: ProgressListener): Promise<SubmitResponse> {
  return uploadFiles(routeOf("/api/events/{id}/submissions", { id }), files, onProgress);
}

export function deleteMySubmissionFile(id: string, filename: string): Promise<SubmitResponse> {
  return answerOf(apiClient.DELETE("/api/events/{id}/my-submission/{filename}", { params: { path: { id, filename } } }));
}

/** Downloads a stored file by the URL the server gave it (hand-ins), under /api. */
export function downloadByUrl(url: string, name: string, onProgress?: ProgressListener) {
  return downloadAndSave(givenUrl(url), onProgress, { fallbackName: name });
}

export function downloadSubmissionsZip(id: string, onProgress?: ProgressListener) {
  return downloadAndSave(routeOf("/api/events/{id}/submissions/zip", { id }), onProgress, { fallbackName: "depots.zip", sanitise: true });
}

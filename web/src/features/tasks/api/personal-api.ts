import type { OkMessage } from "@planify/common/schemas/shared";
import type { PersonalTaskBody, PersonalTaskSavedResponse } from "@planify/common/schemas/personal-tasks";
import { api } from "../../../lib/api";
import { withDeadline, type TaskEvent } from "./task-types";

const enc = encodeURIComponent;

/** Adds a personal task (only its author sees it). */
export async function createPersonalTask(input: PersonalTaskBody): Promise<TaskEvent> {
  return withDeadline((await api<PersonalTaskSavedResponse>("/personal-tasks", { method: "POST", body: input })).event);
}

/** Changes one of the caller's personal tasks. */
export async function updatePersonalTask(id: string, input: PersonalTaskBody): Promise<TaskEvent> {
  return withDeadline((await api<PersonalTaskSavedResponse>(`/personal-tasks/${enc(id)}`, { method: "PUT", body: input })).event);
}

/** Deletes one of the caller's personal tasks for good. */
export function deletePersonalTask(id: string): Promise<OkMessage> {
  return api<OkMessage>(`/personal-tasks/${enc(id)}`, { method: "DELETE" });
}

import type { OkMessage } from "@planify/common/schemas/shared";
import type { PersonalTaskBody } from "@planify/common/schemas/personal-tasks";
import { withDeadline, type TaskEvent } from "./task-types";
import { answerOf, apiClient } from "../../../lib/api/client";

/** Adds a personal task (only its author sees it). */
export async function createPersonalTask(input: PersonalTaskBody): Promise<TaskEvent> {
  return withDeadline((await answerOf(apiClient.POST("/api/personal-tasks", { body: input }))).event);
}

/** Changes one of the caller's personal tasks. */
export async function updatePersonalTask(id: string, input: PersonalTaskBody): Promise<TaskEvent> {
  return withDeadline((await answerOf(apiClient.PUT("/api/personal-tasks/{id}", { params: { path: { id } }, body: input }))).event);
}

/** Deletes one of the caller's personal tasks for good. */
export function deletePersonalTask(id: string): Promise<OkMessage> {
  return answerOf(apiClient.DELETE("/api/personal-tasks/{id}", { params: { path: { id } } }));
}

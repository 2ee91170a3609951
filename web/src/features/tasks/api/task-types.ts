import type { SubmissionDto, TaskDto, TaskFileDto } from "@planify/common/schemas/tasks";

export type TaskType = TaskDto["type"];

/** A stored file (attachment or hand-in) exactly as the server declares it. */
export type Attachment = TaskFileDto;
export type SubmittedFile = TaskFileDto;

/** One student's hand-in as the server declares it (`user` is the student's id). */
export type Submission = SubmissionDto;

/** A task as the server declares it, plus its Paris deadline as an instant (the server's `start`). */
export type TaskEvent = TaskDto & { deadline: Date };

/** Adds the deadline instant the screens compare with the clock. */
export function withDeadline(task: TaskDto): TaskEvent {
  return { ...task, deadline: new Date(task.start) };
}

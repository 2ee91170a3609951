// The caller's personal tasks as the task list, the calendar feed and the state routes see
// them. `tasks` owns this interface and `personal-tasks` implements it (its `personalTaskSource`);
// createApp puts the implementation into deps, so `tasks` never imports `personal-tasks` and
// the two features no longer import each other.
import type { TaskDto } from "@planify/common/schemas/tasks";
import type { PersonalTaskRow, UserRow } from "../../db/types";
import type { AppDeps } from "../../deps";
import type { StateAction } from "./state";

export interface PersonalTaskSource {
  /** The caller's personal tasks due from `from` (UTC ms) on, by deadline. */
  from(deps: AppDeps, user: UserRow, from: number): Promise<PersonalTaskRow[]>;
  /** The caller's personal tasks strictly before (deadline, id), newest first, at most `limit`. */
  before(deps: AppDeps, user: UserRow, cursor: { deadlineAt: number; id: string }, limit: number): Promise<PersonalTaskRow[]>;
  /** A personal task in the task list's shape. */
  present(row: PersonalTaskRow, owner: UserRow, now: number): TaskDto;
  /** The next personal deadline still to come, and the last one passed (the list's ETag). */
  nextDeadline(deps: AppDeps, userId: string, now: number): Promise<number | null>;
  lastPassedDeadline(deps: AppDeps, userId: string, now: number): Promise<number | null>;
  /** The caller's own personal task of that id, if it is one. */
  findOwn(deps: AppDeps, user: UserRow, id: string): Promise<PersonalTaskRow | null>;
  /** Check, uncheck, archive, unarchive; answers like a class task's state route. */
  applyState(deps: AppDeps, user: UserRow, row: PersonalTaskRow, action: StateAction): Promise<{ event: TaskDto; completedTasks: number }>;
  remove(deps: AppDeps, user: UserRow, id: string): Promise<void>;
}

/** The personal tasks wired by createApp; a missing wiring is a programming error. */
export function personalSource(deps: AppDeps): PersonalTaskSource {
  if (!deps.personalTasks) throw new Error("deps.personalTasks is not set: createApp wires the personal-tasks feature");
  return deps.personalTasks;
}

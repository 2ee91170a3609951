// This feature's side of the task list: the source the `tasks` feature reads personal tasks
// through (its PersonalTaskSource), wired by createApp.
import type { PersonalTaskSource } from "../tasks";
import {
  applyPersonalState,
  deletePersonalTask,
  findOwnPersonalTask,
  lastPassedPersonalDeadline,
  nextPersonalDeadline,
  personalTasksBefore,
  personalTasksFrom,
  presentPersonal,
} from "./service";

export const personalTaskSource: PersonalTaskSource = {
  from: personalTasksFrom,
  before: personalTasksBefore,
  present: presentPersonal,
  nextDeadline: nextPersonalDeadline,
  lastPassedDeadline: lastPassedPersonalDeadline,
  findOwn: findOwnPersonalTask,
  applyState: applyPersonalState,
  remove: deletePersonalTask,
};

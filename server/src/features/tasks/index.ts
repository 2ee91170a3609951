// The public face of features/tasks: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { tasksRoutes } from "./routes";
export { downloadNamedAttachment, storedPath } from "./files-service";
export { hasHomeworkToDo, listTasksFrom } from "./list-window";
export { deadlineOf, parisWhen, parseDate, parseTime, toFileDto } from "./model";
export { classTaskFields, knownSubject, type ClassTaskFields } from "./service";
export { insertProposedTask, type ProposedFile, type ProposedState, type ProposedTask } from "./from-proposal";
export { uploadsRoutes } from "./uploads-routes";
export { classItemFilter, groupsColumn, presentTask, presentTasks, taskVisibleTo, visibleBranches, type ClassItem } from "./visibility";
export type { PersonalTaskSource } from "./personal-source";
export { currentFiles, handedInTasks, recordVersion, termsByTask, termsOf, versionsOf, type OwnTerms } from "./hand-in-terms";

import { TASK_AUTHOR_ROLES, type Role } from "../constants/roles";

/** Who asks: only the id and the role matter for permissions. */
export interface TaskCaller {
  id: string;
  role: Role | string;
}

/** The facts of a task that permissions depend on. */
export interface TaskFacts {
  createdBy: string | null;
  submissionEnabled: boolean;
}

/** What the caller may do with one task; the server sends it with each task as `can`. */
export interface TaskPermissions {
  /** Edit its fields (PUT for profs and admins, update-self for its creator). */
  edit: boolean;
  /** Change its year (profs and admins). */
  editYear: boolean;
  /** Delete it for everyone. */
  hardDelete: boolean;
  /** Change its groups ('Appliquer'). */
  setGroups: boolean;
  /** Add or remove attachments. */
  editFiles: boolean;
  /** See the hand-ins and download their ZIP. */
  seeSubmissions: boolean;
  /** Hand in files (students while the box is open). */
  deposit: boolean;
  /** Remove it from one's own list. */
  hide: boolean;
  /** Run its hand-ins: the table, extensions, marks, returned copies (profs and admins). */
  mark: boolean;
}

/** Profs and admins see every task and subject and act on every task. */
export function isStaff(role: string): boolean {
  return role === "prof" || role === "admin";
}

/** The one rule of task permissions, used by the server's checks and its answers. */
export function taskPermissions(caller: TaskCaller, task: TaskFacts): TaskPermissions {
  const staff = isStaff(caller.role);
  const author = (TASK_AUTHOR_ROLES as readonly string[]).includes(caller.role);
  const own = task.createdBy !== null && task.createdBy === caller.id;
  const manage = author && (staff || own);
  return {
    edit: manage,
    editYear: staff,
    hardDelete: author && (caller.role === "admin" || own),
    setGroups: manage,
    editFiles: manage,
    seeSubmissions: staff,
    deposit: !staff && task.submissionEnabled,
    hide: true,
    mark: staff,
  };
}

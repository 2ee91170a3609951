/** Per-task "seen" markers and last-seen times per task type, kept in local storage. */
const SEEN_PREFIX = "planify.task-seen.";
const LAST_SEEN_PREFIX = "planify.tasks-last-seen.";
export const SEEN_EVENT = "planify:task-seen";

export function isSeen(taskId: string): boolean {
  try {
    return localStorage.getItem(SEEN_PREFIX + taskId) !== null;
  } catch {
    // Storage blocked: no « Nouveau » badge rather than one that never goes away.
    return true;
  }
}

export function markSeen(taskId: string): void {
  try {
    if (localStorage.getItem(SEEN_PREFIX + taskId) !== null) return;
    localStorage.setItem(SEEN_PREFIX + taskId, new Date().toISOString());
    window.dispatchEvent(new CustomEvent(SEEN_EVENT, { detail: taskId }));
  } catch {
    // Storage blocked: the marker simply stays.
  }
}

/** Remembers when the user last looked at a task type (homework or exams). */
export function markTypeSeen(type: "devoir" | "exam"): void {
  try {
    localStorage.setItem(LAST_SEEN_PREFIX + type, new Date().toISOString());
  } catch {
    // Best effort.
  }
}

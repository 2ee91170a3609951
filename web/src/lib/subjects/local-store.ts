import type { Subject, SubjectRule } from "./subject-types";

/** Local-storage keys: the last subjects and rules read from the server (reads only). */
export const SUBJECTS_KEY = "planify.subjects";
export const RULES_KEY = "planify.subjectRules";

function read<T>(key: string): T[] {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? "[]") as unknown;
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    // Storage blocked or garbled: no cached subjects; the server's list is used.
    return [];
  }
}

function write<T>(key: string, list: T[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the cached copy is best effort.
  }
}

/** The last subject list the server sent; written only with a fresh server answer. */
export const cachedSubjects = {
  read: () => read<Subject>(SUBJECTS_KEY),
  write: (list: Subject[]) => write(SUBJECTS_KEY, list),
};

/** The last rule list the server sent; written only with a fresh server answer. */
export const cachedRules = {
  read: () => read<SubjectRule>(RULES_KEY),
  write: (list: SubjectRule[]) => write(RULES_KEY, list),
};

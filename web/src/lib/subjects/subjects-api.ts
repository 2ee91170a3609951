import { api, ApiError } from "../api";
import { cachedRules, cachedSubjects } from "./local-store";
import type { Subject, SubjectInput, SubjectRule } from "./subject-types";
import { answerOf, apiClient } from "../api/client";

const enc = encodeURIComponent;

export interface Loaded<T> {
  list: T[];
  /** 'HTTP {status}' when the server failed and the last copy read from it is shown. */
  error: string | null;
}

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/**
 * A read that keeps the last list this server sent: on failure it shows that list with the
 * error, so the screen can offer 'Réessayer'; nothing else stands in for the server.
 */
async function cachedRead<T>(fetchList: () => Promise<T[]>, cache: { read(): T[]; write(list: T[]): void }): Promise<Loaded<T>> {
  try {
    const list = await fetchList();
    cache.write(list);
    return { list, error: null };
  } catch (error) {
    return { list: cache.read(), error: `HTTP ${statusOf(error)}` };
  }
}

/** GET /subjects, with the cached read. */
export const loadSubjects = (): Promise<Loaded<Subject>> =>
  cachedRead(async () => (await answerOf(apiClient.GET("/api/subjects"))).subjects, cachedSubjects);

/** GET /subjects/rules, with the cached read. */
export const loadRules = (): Promise<Loaded<SubjectRule>> =>
  cachedRead(async () => (await answerOf(apiClient.GET("/api/subjects/rules"))).rules, cachedRules);

/** Creates or edits a subject on the server; a refusal or an outage is thrown to the caller. */
export async function saveSubject(input: SubjectInput, id?: string): Promise<void> {
  if (id) await api(`/subjects/${enc(id)}`, { method: "PUT", body: input });
  else await api("/subjects", { method: "POST", body: input });
}

export async function deleteSubject(id: string): Promise<void> {
  await answerOf(apiClient.DELETE("/api/subjects/{id}", { params: { path: { id } } }));
}

export async function saveRule(rule: SubjectRule): Promise<void> {
  await api("/subjects/rules", { method: "POST", body: rule });
}

export async function deleteRule(subjectName: string): Promise<void> {
  await answerOf(apiClient.DELETE("/api/subjects/rules/{subjectName}", { params: { path: { subjectName } } }));
}

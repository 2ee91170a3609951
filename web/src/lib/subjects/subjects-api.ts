import { GROUPS, YEARS } from "@planify/common/constants/school";
import { isOneOf } from "@planify/common/constants/one-of";
import { RULE_SPECIALITIES } from "@planify/common/constants/subjects";
import { ApiError } from "../api";
import { cachedRules, cachedSubjects } from "./local-store";
import type { Subject, SubjectInput, SubjectRule } from "./subject-types";
import { answerOf, apiClient } from "../api/client";

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
  const body = { ...input, ...allowed(input) };
  if (id) await answerOf(apiClient.PUT("/api/subjects/{id}", { params: { path: { id } }, body }));
  else await answerOf(apiClient.POST("/api/subjects", { body }));
}

/** The visibility lists as the bodies take them (the form's checkboxes come from these same lists). */
function allowed(input: Pick<SubjectInput, "yearsAllowed" | "groupsAllowed" | "specialitesAllowed">) {
  return {
    yearsAllowed: input.yearsAllowed.filter(isOneOf(YEARS)),
    groupsAllowed: input.groupsAllowed.filter(isOneOf(GROUPS)),
    specialitesAllowed: input.specialitesAllowed.filter(isOneOf(RULE_SPECIALITIES)),
  };
}

export async function deleteSubject(id: string): Promise<void> {
  await answerOf(apiClient.DELETE("/api/subjects/{id}", { params: { path: { id } } }));
}

export async function saveRule(rule: SubjectRule): Promise<void> {
  await answerOf(apiClient.POST("/api/subjects/rules", { body: { subjectName: rule.subjectName, ...allowed(rule) } }));
}

export async function deleteRule(subjectName: string): Promise<void> {
  await answerOf(apiClient.DELETE("/api/subjects/rules/{subjectName}", { params: { path: { subjectName } } }));
}

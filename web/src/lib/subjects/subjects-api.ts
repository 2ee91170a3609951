import type { RuleListResponse, SubjectListResponse } from "@planify/common/schemas/subjects";
import { api, ApiError } from "../api";
import { cachedRules, cachedSubjects } from "./local-store";
import type { Subject, SubjectInput, SubjectRule } from "./subject-types";

const enc = encodeURIComponent;

export interface Loaded<T> {
  list: T[];
  /** 'HTTP {status}' when the server failed and the last copy read from it is shown. */
  error: string | null;
}

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/**
 * GET /subjects. A failed read shows the last list this server sent, with the error so the
 * screen can offer 'Réessayer'; nothing else stands in for the server.
 */
export async function loadSubjects(): Promise<Loaded<Subject>> {
  try {
    const { subjects } = await api<SubjectListResponse>("/subjects");
    cachedSubjects.write(subjects);
    return { list: subjects, error: null };
  } catch (error) {
    return { list: cachedSubjects.read(), error: `HTTP ${statusOf(error)}` };
  }
}

/** GET /subjects/rules, with the same cached-read behaviour as the subjects. */
export async function loadRules(): Promise<Loaded<SubjectRule>> {
  try {
    const { rules } = await api<RuleListResponse>("/subjects/rules");
    cachedRules.write(rules);
    return { list: rules, error: null };
  } catch (error) {
    return { list: cachedRules.read(), error: `HTTP ${statusOf(error)}` };
  }
}

/** Creates or edits a subject on the server; a refusal or an outage is thrown to the caller. */
export async function saveSubject(input: SubjectInput, id?: string): Promise<void> {
  if (id) await api(`/subjects/${enc(id)}`, { method: "PUT", body: input });
  else await api("/subjects", { method: "POST", body: input });
}

export async function deleteSubject(id: string): Promise<void> {
  await api(`/subjects/${enc(id)}`, { method: "DELETE" });
}

export async function saveRule(rule: SubjectRule): Promise<void> {
  await api("/subjects/rules", { method: "POST", body: rule });
}

export async function deleteRule(subjectName: string): Promise<void> {
  await api(`/subjects/rules/${enc(subjectName)}`, { method: "DELETE" });
}

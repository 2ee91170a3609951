import { api, ApiError } from "../api";
import { localRules, localSubjects } from "./local-store";
import { normaliseRule, normaliseSubject, type Subject, type SubjectInput, type SubjectRule } from "./subject-types";

const enc = encodeURIComponent;

/** Falls back to local data when the route is missing (404) or the server is unreachable. */
function canFallBack(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 0);
}

function listOf(raw: unknown, key: string): Record<string, unknown>[] {
  if (Array.isArray(raw)) return raw as Record<string, unknown>[];
  if (raw && typeof raw === "object" && Array.isArray((raw as Record<string, unknown>)[key])) return (raw as Record<string, Record<string, unknown>[]>)[key]!;
  return [];
}

export interface Loaded<T> {
  list: T[];
  /** 'HTTP {status}' when the server failed and the local copy was used (spec 3 §8). */
  error: string | null;
}

export async function loadSubjects(): Promise<Loaded<Subject>> {
  try {
    const list = listOf(await api<unknown>("/subjects"), "subjects").map(normaliseSubject);
    localSubjects.write(list);
    return { list, error: null };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    return { list: localSubjects.read(), error: `HTTP ${status}` };
  }
}

/** Tries /subjects/rules then /subjects/static-rules on 404 (spec 3 §7.2). */
async function withRulesFallback<T>(call: (base: string) => Promise<T>): Promise<T> {
  try {
    return await call("/subjects/rules");
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return call("/subjects/static-rules");
    throw error;
  }
}

export async function loadRules(): Promise<Loaded<SubjectRule>> {
  try {
    const list = listOf(await withRulesFallback((b) => api<unknown>(b)), "rules").map(normaliseRule);
    localRules.write(list);
    return { list, error: null };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    return { list: localRules.read(), error: `HTTP ${status}` };
  }
}

export async function saveSubject(input: SubjectInput, id?: string): Promise<void> {
  try {
    if (id) await api(`/subjects/${enc(id)}`, { method: "PUT", body: input });
    else await api("/subjects", { method: "POST", body: input });
  } catch (error) {
    if (!canFallBack(error)) throw error;
    const list = localSubjects.read();
    const localId = id || `local-${Date.now().toString(36)}`;
    localSubjects.write([...list.filter((s) => s.id !== localId), { ...input, id: localId }]);
  }
}

export async function deleteSubject(id: string): Promise<void> {
  try {
    await api(`/subjects/${enc(id)}`, { method: "DELETE" });
  } catch (error) {
    if (!canFallBack(error)) throw error;
    localSubjects.write(localSubjects.read().filter((s) => s.id !== id));
  }
}

export async function saveRule(rule: SubjectRule): Promise<void> {
  try {
    await withRulesFallback((b) => api(b, { method: "POST", body: rule }));
  } catch (error) {
    if (!canFallBack(error)) throw error;
    localRules.write([...localRules.read().filter((r) => r.subjectName !== rule.subjectName), rule]);
  }
}

export async function deleteRule(subjectName: string): Promise<void> {
  try {
    await withRulesFallback((b) => api(`${b}/${enc(subjectName)}`, { method: "DELETE" }));
  } catch (error) {
    if (!canFallBack(error)) throw error;
    localRules.write(localRules.read().filter((r) => r.subjectName !== subjectName));
  }
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { BUILTIN_SUBJECTS } from "@planify/common/constants/subjects";
import { listsAllow, type AllowLists } from "@planify/common/rules/subject-visibility";
import { loadRules, loadSubjects } from "./subjects-api";
import type { Subject, SubjectRule } from "./subject-types";
import { subjectStyle } from "./subject-colors";
import { useSession } from "../use-session";

export const SUBJECTS_QUERY_KEY = ["subjects"] as const;

export interface Audience {
  role: string;
  year?: string;
  groupe?: string;
  specialite?: string;
}

/** True when a rule (or a subject's own lists) lets this user see the subject: the one rule of common. */
export function allows(rule: AllowLists | undefined, who: Audience | null): boolean {
  return !rule || !who || listsAllow(rule, who);
}

/**
 * Subjects store: loaded once per session of the page (refresh() forces a reload), the 18
 * built-in names merged with the server's, filtered by the rules for students and delegates.
 * Guests get the built-in names and colours without asking: the server keeps subjects and
 * rules for signed-in users, so a guest's request could only log a 401.
 */
export function useSubjects(who: Audience | null = null) {
  const client = useQueryClient();
  const signedIn = useSession() !== null;
  const query = useQuery({
    queryKey: SUBJECTS_QUERY_KEY,
    enabled: signedIn,
    queryFn: async () => {
      const [subjects, rules] = await Promise.all([loadSubjects(), loadRules()]);
      return { subjects: subjects.list, rules: rules.list, error: subjects.error ?? rules.error };
    },
    staleTime: Infinity,
  });
  const subjects: Subject[] = useMemo(() => query.data?.subjects ?? [], [query.data]);
  const rules: SubjectRule[] = useMemo(() => query.data?.rules ?? [], [query.data]);
  const names = useMemo(() => {
    const builtins = BUILTIN_SUBJECTS.filter((n) =>
      allows(
        rules.find((r) => r.subjectName === n),
        who,
      ),
    );
    const extra = subjects.filter((s) => allows(s, who)).map((s) => s.name);
    return [...new Set([...builtins, ...extra])].sort((a, b) => a.localeCompare(b, "fr"));
  }, [subjects, rules, who]);
  const styleOf = useCallback((name: string, type: "devoir" | "exam" = "devoir") => subjectStyle(name, subjects, type), [subjects]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: SUBJECTS_QUERY_KEY }), [client]);
  return { subjects, rules, names, styleOf, refresh, isLoading: query.isLoading, error: query.data?.error ?? null };
}

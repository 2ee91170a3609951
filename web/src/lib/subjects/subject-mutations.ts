import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteRule, deleteSubject, saveRule, saveSubject } from "./subjects-api";
import type { SubjectInput, SubjectRule } from "./subject-types";
import { SUBJECTS_QUERY_KEY } from "./use-subjects";

/** Every write of the subjects manager reloads the subjects store once it has landed. */
function useSubjectsWrite<V>(write: (vars: V) => Promise<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: SUBJECTS_QUERY_KEY }),
  });
}

/** Creates (no id) or edits a subject. */
export function useSaveSubjectMutation() {
  return useSubjectsWrite(({ input, id }: { input: SubjectInput; id?: string }) => saveSubject(input, id));
}

export function useDeleteSubjectMutation() {
  return useSubjectsWrite(deleteSubject);
}

export function useSaveRuleMutation() {
  return useSubjectsWrite((rule: SubjectRule) => saveRule(rule));
}

export function useDeleteRuleMutation() {
  return useSubjectsWrite(deleteRule);
}

import { useQuery } from "@tanstack/react-query";
import { fetchMySubmission, fetchSubmissions } from "../api/events-api";

export const mySubmissionKey = (taskId: string) => ["my-submission", taskId] as const;
export const submissionsKey = (taskId: string) => ["submissions", taskId] as const;

/** The caller's own hand-in for a task (students and delegates). */
export function useMySubmission(taskId: string, enabled: boolean) {
  return useQuery({ queryKey: mySubmissionKey(taskId), enabled, queryFn: () => fetchMySubmission(taskId) });
}

/** Every hand-in of a task (profs and admins); failures are only logged. */
export function useSubmissions(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: submissionsKey(taskId),
    enabled,
    queryFn: async () => {
      try {
        return await fetchSubmissions(taskId);
      } catch (error) {
        console.error("Chargement des dépôts impossible", error);
        return [];
      }
    },
  });
}

import { useQuery } from "@tanstack/react-query";
import { fetchMySubmission, fetchSubmissions } from "../api/events-api";

export const mySubmissionKey = (taskId: string) => ["my-submission", taskId] as const;
export const submissionsKey = (taskId: string) => ["submissions", taskId] as const;

/** The caller's own hand-in for a task (students and delegates). */
export function useMySubmission(taskId: string, enabled: boolean) {
  return useQuery({ queryKey: mySubmissionKey(taskId), enabled, queryFn: () => fetchMySubmission(taskId) });
}

/** Every hand-in of a task (profs and admins); a failure is the query's error (the panel offers « Réessayer »). */
export function useSubmissions(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: submissionsKey(taskId),
    enabled,
    queryFn: () => fetchSubmissions(taskId),
  });
}

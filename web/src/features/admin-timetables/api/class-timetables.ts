import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClassTimetableBody } from "@planify/common/schemas/school-timetable";
import { GROUPS, YEARS } from "@planify/common/constants/school";
import { isOneOf } from "@planify/common/constants/one-of";
import { requireSession } from "../../../lib/api";
import { answerOf, apiClient } from "../../../lib/api/client";

const KEY = ["admin", "class-timetables"] as const;

/** Every class timetable address (admin). */
export function useClassTimetables() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => answerOf(apiClient.GET("/api/school-timetable/classes", { signal })) });
}

/** Sets a class's address once the server has read it as a calendar. */
export function useSaveClassTimetable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassTimetableBody) => {
      requireSession();
      return answerOf(apiClient.PUT("/api/school-timetable/classes", { body }));
    },
    onSuccess: (res) => client.setQueryData(KEY, res),
  });
}

export function useRemoveClassTimetable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ year, groupe }: { year: string; groupe: string }) => {
      requireSession();
      // The pair comes from the list's own row, so it is always a known year and group.
      if (!isOneOf(YEARS)(year) || !isOneOf(GROUPS)(groupe)) throw new Error(`Classe inconnue : ${year} ${groupe}.`);
      return answerOf(apiClient.DELETE("/api/school-timetable/classes", { params: { query: { year, groupe } } }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

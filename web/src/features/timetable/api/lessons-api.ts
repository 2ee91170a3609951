import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LessonsResponse } from "@planify/common/schemas/school-timetable";
import { addDays } from "@planify/common/time/paris-time";
import { requireSession } from "../../../lib/api";
import type { Slot } from "./timetable-api";
import { answerOf, apiClient } from "../../../lib/api/client";

const KEYS = {
  sources: ["school-timetable", "sources"] as const,
  lessons: (monday: string) => ["school-timetable", "lessons", monday] as const,
};

/** Lessons become timetable slots drawn in neutral colours beside the tasks. */
export function lessonSlots(res: LessonsResponse): Slot[] {
  return res.lessons.map((l) => ({
    id: l.id,
    titre: l.title,
    matiere: l.location,
    type: "devoir",
    groupes: [],
    checked: false,
    start: new Date(l.start),
    end: new Date(l.end),
    lesson: { location: l.location, description: l.description },
  }));
}

/** What feeds the caller's timetable (their own address, whether the class has one). */
export function useTimetableSources(enabled: boolean) {
  return useQuery({
    queryKey: KEYS.sources,
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/school-timetable/sources", { signal })),
    enabled,
    retry: false,
  });
}

/** The school's lessons of the week starting `monday`, when there is a source. */
export function useLessons(monday: string, enabled: boolean) {
  return useQuery({
    queryKey: KEYS.lessons(monday),
    queryFn: ({ signal }) =>
      answerOf(apiClient.GET("/api/school-timetable/lessons", { params: { query: { from: monday, to: addDays(monday, 6) } }, signal })),
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });
}

/** Saves (a url) or removes (null) the caller's own calendar address. */
export function useSaveOwnTimetable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (url: string | null) => {
      requireSession();
      return url === null
        ? answerOf(apiClient.DELETE("/api/school-timetable/mine"))
        : answerOf(apiClient.PUT("/api/school-timetable/mine", { body: { url } }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["school-timetable"] }),
  });
}

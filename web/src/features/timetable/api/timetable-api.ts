import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TaskDto } from "@planify/common/schemas/tasks";
import { TASK_LIST_RECENT_DAYS } from "@planify/common/constants/tasks";
import { addDays, parisDate } from "@planify/common/time/paris-time";
import { answerOf, apiClient } from "../../../lib/api/client";
import { useLiveEvent } from "../../../lib/live/live-bus";

/** What the timetable needs of a task: its slot (start/end from the server) and labels. */
export interface Slot extends Pick<TaskDto, "id" | "titre" | "matiere" | "type" | "groupes" | "checked" | "personal"> {
  start: Date;
  end: Date;
  /** A lesson of the school's timetable (not a task): its room, shown instead of a subject. */
  lesson?: { location: string; description: string };
}

/** The slots of GET /events: hidden tasks leave the timetable. */
export function readSlots(events: TaskDto[]): Slot[] {
  return events
    .filter((e) => !e.hidden)
    .map((e) => ({
      id: e.id,
      titre: e.titre,
      matiere: e.matiere,
      type: e.type,
      groupes: e.groupes,
      checked: e.checked,
      personal: e.personal === true,
      start: new Date(e.start),
      end: new Date(e.end),
    }));
}

/**
 * The caller's slots. The list's default answer holds the last TASK_LIST_RECENT_DAYS days and
 * everything ahead; a week before that asks for the whole list.
 */
export function useSlots(userId: string | null, monday: string) {
  const client = useQueryClient();
  // A task added, changed or removed moves its slot at once (live updates).
  useLiveEvent("tasks", () => void client.invalidateQueries({ queryKey: ["timetable"] }));
  const all = monday < addDays(parisDate(Date.now()), -TASK_LIST_RECENT_DAYS);
  return useQuery({
    queryKey: ["timetable", userId, all ? "all" : "recent"],
    enabled: !!userId,
    queryFn: async () =>
      readSlots((await answerOf(apiClient.GET("/api/events", { params: { query: all ? { window: "all" } : {} } }))).events),
    placeholderData: (previous) => previous,
  });
}

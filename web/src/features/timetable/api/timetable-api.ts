import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** What the timetable needs of a task: its slot (start/end ISO) and labels. */
export interface Slot {
  id: string;
  titre: string;
  matiere: string;
  type: "devoir" | "exam";
  start: Date;
  end: Date;
  groupes: string[];
  checked: boolean;
}

type Raw = Record<string, unknown>;

/** Reads GET /events (array or {events}); entries without a readable start are skipped. */
export function readSlots(raw: unknown): Slot[] {
  const list = (Array.isArray(raw) ? raw : raw && typeof raw === "object" && Array.isArray((raw as Raw).events) ? (raw as Raw).events : []) as Raw[];
  return list.flatMap((e) => {
    const start = new Date(String(e.start ?? ""));
    if (Number.isNaN(start.getTime()) || e.hidden === true) return [];
    const endRaw = new Date(String(e.end ?? ""));
    const end = Number.isNaN(endRaw.getTime()) || endRaw <= start ? new Date(start.getTime() + 3_600_000) : endRaw;
    const type = String(e.type ?? "").toLowerCase();
    return [{
      id: String(e.id ?? e._id ?? ""),
      titre: String(e.titre ?? e.title ?? ""),
      matiere: String(e.matiere ?? e.subject ?? ""),
      type: type === "exam" || type === "examen" ? "exam" as const : "devoir" as const,
      start,
      end,
      groupes: Array.isArray(e.groupes) ? e.groupes.map(String) : [],
      checked: e.checked === true,
    }];
  });
}

export function useSlots(userId: string | null) {
  return useQuery({
    queryKey: ["timetable", userId],
    enabled: !!userId,
    queryFn: async () => readSlots(await api<unknown>("/events")),
  });
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ToMarkResponse } from "@planify/common/schemas/hand-ins";
import { answerOf, apiClient } from "../../../lib/api/client";
import { useLiveEvent } from "../../../lib/live/live-bus";

const TO_MARK_KEY = ["hand-ins", "to-mark"] as const;

/** The teacher's « À corriger »: their tasks with hand-ins not yet marked; a hand-in received reloads it. */
export function useToMark() {
  const client = useQueryClient();
  useLiveEvent(["submissions", "tasks"], () => void client.invalidateQueries({ queryKey: TO_MARK_KEY }));
  return useQuery({
    queryKey: TO_MARK_KEY,
    queryFn: (): Promise<ToMarkResponse> => answerOf(apiClient.GET("/api/hand-ins/to-mark")),
  });
}

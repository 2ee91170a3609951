import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarFeedResponse } from "@planify/common/schemas/calendar";
import { requireSession } from "../../../lib/api";
import { answerOf, apiClient } from "../../../lib/api/client";

const CALENDAR_KEY = ["calendar", "feed"] as const;

/** The caller's secret calendar address (the server creates it on first read). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: CALENDAR_KEY,
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/calendar/me", { signal })),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Replaces the address: the old one stops working at once. */
export function useRegenerateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      requireSession();
      return answerOf(apiClient.POST("/api/calendar/me/regenerate"));
    },
    onSuccess: (res) => client.setQueryData<CalendarFeedResponse>(CALENDAR_KEY, { success: true, url: res.url, webcalUrl: res.webcalUrl }),
  });
}

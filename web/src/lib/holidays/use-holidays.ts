import { useQuery } from "@tanstack/react-query";
import { holidayOn } from "@planify/common/constants/holidays";
import { answerOf, apiClient } from "../api/client";

export const HOLIDAYS_KEY = ["holidays"] as const;

/** The school's holiday periods (a few a year: read once, kept for the session). */
export function useHolidays(enabled: boolean) {
  return useQuery({
    queryKey: HOLIDAYS_KEY,
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/holidays", { signal })),
    enabled,
    staleTime: 30 * 60_000,
  });
}

/** The holiday label of each day of `days` that falls in one (days outside any period are absent). */
export function holidayLabels(
  days: string[],
  holidays: readonly { label: string; firstDay: string; lastDay: string }[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of days) {
    const h = holidayOn(holidays, d);
    if (h) out.set(d, h.label);
  }
  return out;
}

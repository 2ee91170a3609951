import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReminderPauseResponse } from "@planify/common/schemas/holidays";
import type { ReminderSettings, ReminderSettingsResponse, ReminderSubscribeBody } from "@planify/common/schemas/reminders";
import { requireSession } from "../../../lib/api";
import { answerOf, apiClient } from "../../../lib/api/client";

const KEY = ["reminders", "settings"] as const;

/** The student's reminder preferences and devices. */
export function useReminderSettings(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/reminders/settings", { signal })),
    enabled,
    retry: false,
  });
}

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) => {
      requireSession();
      return answerOf(apiClient.PUT("/api/reminders/settings", { body: settings }));
    },
    onSuccess: (res) => client.setQueryData(KEY, res),
  });
}

export const fetchVapidKey = () => answerOf(apiClient.GET("/api/reminders/vapid-public-key")).then((r) => r.publicKey);

export function useAddDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSubscribeBody) => answerOf(apiClient.POST("/api/reminders/subscriptions", { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRemoveDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answerOf(apiClient.DELETE("/api/reminders/subscriptions/{id}", { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSendTest() {
  return useMutation({ mutationFn: () => answerOf(apiClient.POST("/api/reminders/test")) });
}

/** « Renvoyer le lien »: a new confirmation link for the pending address. */
export function useResendEmailLink() {
  return useMutation({ mutationFn: () => answerOf(apiClient.POST("/api/reminders/email/resend")) });
}

/** « Mode vacances » and the holiday pause: each answer carries the new pause state, merged into the settings. */
export function useReminderPause() {
  const client = useQueryClient();
  const merge = (res: ReminderPauseResponse) =>
    client.setQueryData(KEY, (old: ReminderSettingsResponse | undefined) => (old ? { ...old, pause: res.pause } : old));
  return useMutation({
    mutationFn: (change: { until: string } | { resume: true } | { pauseInHolidays: boolean }) => {
      requireSession();
      if ("until" in change) return answerOf(apiClient.PUT("/api/reminders/pause", { body: { until: change.until } }));
      if ("resume" in change) return answerOf(apiClient.DELETE("/api/reminders/pause"));
      return answerOf(apiClient.PUT("/api/reminders/holidays", { body: { pauseInHolidays: change.pauseInHolidays } }));
    },
    onSuccess: merge,
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ReminderSettings,
  ReminderSettingsResponse,
  ReminderSubscribeBody,
  ReminderSubscribeResponse,
  ReminderTestResponse,
  VapidKeyResponse,
} from "@planify/common/schemas/reminders";
import type { OkMessage } from "@planify/common/schemas/shared";
import { api, requireSession } from "../../../lib/api";

const KEY = ["reminders", "settings"] as const;

/** The student's reminder preferences and devices. */
export function useReminderSettings(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<ReminderSettingsResponse>("/reminders/settings", { signal }),
    enabled,
    retry: false,
  });
}

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) => {
      requireSession();
      return api<ReminderSettingsResponse>("/reminders/settings", { method: "PUT", body: settings });
    },
    onSuccess: (res) => client.setQueryData(KEY, res),
  });
}

export const fetchVapidKey = () => api<VapidKeyResponse>("/reminders/vapid-public-key").then((r) => r.publicKey);

export function useAddDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSubscribeBody) => api<ReminderSubscribeResponse>("/reminders/subscriptions", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRemoveDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<OkMessage>(`/reminders/subscriptions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSendTest() {
  return useMutation({ mutationFn: () => api<ReminderTestResponse>("/reminders/test", { method: "POST" }) });
}

/** « Renvoyer le lien »: a new confirmation link for the pending address. */
export function useResendEmailLink() {
  return useMutation({ mutationFn: () => api<OkMessage>("/reminders/email/resend", { method: "POST" }) });
}

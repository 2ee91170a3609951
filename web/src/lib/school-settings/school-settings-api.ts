// The school's settings (GET/PUT /api/admin/school-settings), read and written by several admin
// screens (« Gérer les utilisateurs » for password sign-in, « Données personnelles »), so kept here.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SchoolSettingsBody } from "@planify/common/schemas/school-settings";
import { answerOf, apiClient } from "../api/client";

export function useSchoolSettings() {
  return useQuery({
    queryKey: ["admin", "school-settings"],
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/admin/school-settings", { signal })),
  });
}

/** Saves some settings; every admin view (and the journal) is refreshed once it succeeded. */
export function useSaveSchoolSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SchoolSettingsBody) => answerOf(apiClient.PUT("/api/admin/school-settings", { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}

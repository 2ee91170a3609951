import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { HolidayBody, HolidayImportBody } from "@planify/common/schemas/holidays";
import { requireSession } from "../../../lib/api";
import { answerOf, apiClient } from "../../../lib/api/client";
import { HOLIDAYS_KEY } from "../../../lib/holidays/use-holidays";

export { useHolidays } from "../../../lib/holidays/use-holidays";

/** Adds (no id) or edits a period; the list is read again afterwards. */
export function useSaveHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: HolidayBody }) => {
      requireSession();
      return id
        ? answerOf(apiClient.PUT("/api/holidays/{id}", { params: { path: { id } }, body }))
        : answerOf(apiClient.POST("/api/holidays", { body }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: HOLIDAYS_KEY }),
  });
}

export function useDeleteHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      requireSession();
      return answerOf(apiClient.DELETE("/api/holidays/{id}", { params: { path: { id } } }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: HOLIDAYS_KEY }),
  });
}

/** Previews (`apply: false`) or applies an .ics import. */
export function useImportHolidays() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HolidayImportBody) => {
      requireSession();
      return answerOf(apiClient.POST("/api/holidays/import", { body }));
    },
    onSuccess: (res) => {
      if (res.applied) void client.invalidateQueries({ queryKey: HOLIDAYS_KEY });
    },
  });
}

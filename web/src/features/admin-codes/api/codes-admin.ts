import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GenerateCodeBody } from "@planify/common/schemas/economy";
import { answerOf, apiClient } from "../../../lib/api/client";

const CODES_KEY = ["admin", "redeem-codes"] as const;

/** GET /redeem-codes/ (admin): every code, newest first. */
export const fetchCodes = (signal?: AbortSignal) => answerOf(apiClient.GET("/api/redeem-codes", { signal }));
/** POST /redeem-codes/generate (admin). */
export const generateCode = (body: GenerateCodeBody) => answerOf(apiClient.POST("/api/redeem-codes/generate", { body }));
/** DELETE /redeem-codes/{id} (admin). */
export const deleteCode = (id: string) => answerOf(apiClient.DELETE("/api/redeem-codes/{id}", { params: { path: { id } } }));

export function useCodes() {
  return useQuery({ queryKey: CODES_KEY, queryFn: ({ signal }) => fetchCodes(signal), retry: false });
}

/** A code write; the list is reloaded after it. */
export function useCodeMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: CODES_KEY }) });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CodeGeneratedResponse, CodeListResponse, GenerateCodeBody } from "@planify/common/schemas/economy";
import type { OkMessage } from "@planify/common/schemas/shared";
import { api } from "../../../lib/api";

const CODES_KEY = ["admin", "redeem-codes"] as const;

/** GET /redeem-codes/ (admin): every code, newest first. */
export const fetchCodes = (signal?: AbortSignal) => api<CodeListResponse>("/redeem-codes/", { signal });
/** POST /redeem-codes/generate (admin). */
export const generateCode = (body: GenerateCodeBody) => api<CodeGeneratedResponse>("/redeem-codes/generate", { method: "POST", body });
/** DELETE /redeem-codes/{id} (admin). */
export const deleteCode = (id: string) => api<OkMessage>(`/redeem-codes/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useCodes() {
  return useQuery({ queryKey: CODES_KEY, queryFn: ({ signal }) => fetchCodes(signal), retry: false });
}

/** A code write; the list is reloaded after it. */
export function useCodeMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: CODES_KEY }) });
}

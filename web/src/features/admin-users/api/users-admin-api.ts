import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkGiveBody, BulkRemoveBody, GlobalGiftBody, UpdateUserBody, UsersAdminBody } from "@planify/common/schemas/admin";
import type { RegisterBody } from "@planify/common/schemas/users";
import { authHeaders, API_BASE, ApiError } from "../../../lib/api";
import { answerOf, apiClient } from "../../../lib/api/client";

export const ADMIN_USERS_KEY = ["admin", "users"] as const;

/** GET /users/admin: every account with its items (the manage-users list). */
export function useAdminUsers() {
  return useQuery({
    queryKey: ADMIN_USERS_KEY,
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/users/admin", { signal })),
    staleTime: 10_000,
  });
}

/** A mutation that refreshes the users list (and the journal) once it succeeded. */
function useAdminWrite<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}

export const useRegisterUser = () => useAdminWrite((body: RegisterBody) => answerOf(apiClient.POST("/api/users/register", { body })));
export const useUpdateUser = () =>
  useAdminWrite(({ id, body }: { id: string; body: UpdateUserBody }) =>
    answerOf(apiClient.PUT("/api/users/{id}", { params: { path: { id } }, body })),
  );
export const useDeleteUser = () =>
  useAdminWrite((id: string) => answerOf(apiClient.DELETE("/api/users/{id}", { params: { path: { id } } })));
export const useClearItems = () =>
  useAdminWrite((id: string) => answerOf(apiClient.DELETE("/api/users/{id}/items", { params: { path: { id } } })));
export const useGiveItem = () =>
  useAdminWrite(({ id, itemId, adminMessage }: { id: string; itemId: number | string; adminMessage?: string }) =>
    answerOf(
      apiClient.POST("/api/users/{id}/give-item", {
        params: { path: { id } },
        body: { itemId, ...(adminMessage ? { adminMessage } : {}) },
      }),
    ),
  );
export const useRemoveItem = () =>
  useAdminWrite(({ id, itemId }: { id: string; itemId: number | string }) =>
    answerOf(apiClient.POST("/api/users/{id}/remove-item", { params: { path: { id } }, body: { itemId } })),
  );
export const useUsersAdminAction = () => useAdminWrite((body: UsersAdminBody) => answerOf(apiClient.POST("/api/users-admin", { body })));
export const useRerollShop = () => useAdminWrite(() => answerOf(apiClient.POST("/api/coins/weekly-items/reroll")));
export const useBulkGive = () => useAdminWrite((body: BulkGiveBody) => answerOf(apiClient.POST("/api/users-admin/bulk-give", { body })));
export const useBulkRemove = () =>
  useAdminWrite((body: BulkRemoveBody) => answerOf(apiClient.POST("/api/users-admin/bulk-remove", { body })));
export const useGlobalGift = () => useAdminWrite((body: GlobalGiftBody) => answerOf(apiClient.POST("/api/users-admin/gift", { body })));

/** GET /users/{id} as an admin: the question texts (never the answers). */
export function useUserQuestions(id: string | null) {
  return useQuery({
    queryKey: ["admin", "questions", id],
    enabled: id !== null,
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/users/{id}", { params: { path: { id: id! } }, signal })),
    retry: false,
  });
}

/** GET /users-admin/export: the CSV as a blob with the file name the server chose. */
export async function downloadUsersExport(): Promise<{ blob: Blob; name: string }> {
  const res = await fetch(`${API_BASE}/users-admin/export`, { headers: authHeaders(), credentials: "same-origin" });
  if (!res.ok) throw new ApiError(res.status, `Export échoué: ${res.status}`, null);
  const disposition = res.headers.get("content-disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "planify-utilisateurs.csv";
  return { blob: await res.blob(), name };
}

/** DELETE /users-admin/{id}/sso-identity/{providerId}: unties the account from its ENT identity. */
export const useUntieIdentity = () =>
  useAdminWrite(({ id, providerId }: { id: string; providerId: string }) =>
    answerOf(apiClient.DELETE("/api/users-admin/{id}/sso-identity/{providerId}", { params: { path: { id, providerId } } })),
  );

/** GET /admin/school-settings: who signs in with a password, and whether an ENT provider is on. */

/** POST /admin/users/{id}/reactivate: a graduate's account back to active (the erasure is cancelled). */
export function useReactivate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answerOf(apiClient.POST("/api/admin/users/{id}/reactivate", { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}

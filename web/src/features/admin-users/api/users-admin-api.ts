import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminUserList,
  BulkGiveBody,
  BulkRemoveBody,
  BulkResponse,
  GlobalGiftBody,
  GlobalGiftResponse,
  UpdateUserBody,
  UserUpdatedResponse,
  UsersAdminBody,
} from "@planify/common/schemas/admin";
import type { GiftGivenResponse } from "@planify/common/schemas/economy";
import type { OkMessage } from "@planify/common/schemas/shared";
import type { RegisterBody, UserCreatedResponse, UserProfileResponse } from "@planify/common/schemas/users";
import { api, authHeaders, API_BASE, ApiError } from "../../../lib/api";

export const ADMIN_USERS_KEY = ["admin", "users"] as const;

/** GET /users/admin: every account with its items (the manage-users list). */
export function useAdminUsers() {
  return useQuery({
    queryKey: ADMIN_USERS_KEY,
    queryFn: ({ signal }) => api<AdminUserList>("/users/admin", { signal }),
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

export const useRegisterUser = () =>
  useAdminWrite((body: RegisterBody) => api<UserCreatedResponse>("/users/register", { method: "POST", body }));
export const useUpdateUser = () =>
  useAdminWrite(({ id, body }: { id: string; body: UpdateUserBody }) =>
    api<UserUpdatedResponse>(`/users/${encodeURIComponent(id)}`, { method: "PUT", body }),
  );
export const useDeleteUser = () => useAdminWrite((id: string) => api<OkMessage>(`/users/${encodeURIComponent(id)}`, { method: "DELETE" }));
export const useClearItems = () =>
  useAdminWrite((id: string) => api<OkMessage>(`/users/${encodeURIComponent(id)}/items`, { method: "DELETE" }));
export const useGiveItem = () =>
  useAdminWrite(({ id, itemId, adminMessage }: { id: string; itemId: number | string; adminMessage?: string }) =>
    api<GiftGivenResponse>(`/users/${encodeURIComponent(id)}/give-item`, {
      method: "POST",
      body: { itemId, ...(adminMessage ? { adminMessage } : {}) },
    }),
  );
export const useRemoveItem = () =>
  useAdminWrite(({ id, itemId }: { id: string; itemId: number | string }) =>
    api<OkMessage>(`/users/${encodeURIComponent(id)}/remove-item`, { method: "POST", body: { itemId } }),
  );
export const useUsersAdminAction = () =>
  useAdminWrite((body: UsersAdminBody) => api<{ success: true; message: string }>("/users-admin", { method: "POST", body }));
export const useRerollShop = () =>
  useAdminWrite(() => api<{ success: true; message: string }>("/coins/weekly-items/reroll", { method: "POST" }));
export const useBulkGive = () =>
  useAdminWrite((body: BulkGiveBody) => api<BulkResponse>("/users-admin/bulk-give", { method: "POST", body }));
export const useBulkRemove = () =>
  useAdminWrite((body: BulkRemoveBody) => api<BulkResponse>("/users-admin/bulk-remove", { method: "POST", body }));
export const useGlobalGift = () =>
  useAdminWrite((body: GlobalGiftBody) => api<GlobalGiftResponse>("/users-admin/gift", { method: "POST", body }));

/** GET /users/{id} as an admin: the question texts (never the answers). */
export function useUserQuestions(id: string | null) {
  return useQuery({
    queryKey: ["admin", "questions", id],
    enabled: id !== null,
    queryFn: ({ signal }) => api<UserProfileResponse>(`/users/${encodeURIComponent(id!)}`, { signal }),
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

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SsoAdminProviderBody } from "@planify/common/schemas/sso-admin";
import { requireSession } from "../../../lib/api";
import { answerOf, apiClient } from "../../../lib/api/client";

const KEY = ["admin", "sso-providers"] as const;

/** The school's ENT providers: the file's (read-only) and the stored ones (admin). */
export function useSsoProviders() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => answerOf(apiClient.GET("/api/sso-admin/providers", { signal })) });
}

/** Adds a provider, or replaces the fields of the stored one `editing` names. */
export function useSaveSsoProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, editing }: { body: SsoAdminProviderBody; editing: string | null }) => {
      requireSession();
      return editing
        ? answerOf(apiClient.PUT("/api/sso-admin/providers/{id}", { params: { path: { id: editing } }, body }))
        : answerOf(apiClient.POST("/api/sso-admin/providers", { body }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useSetSsoEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => {
      requireSession();
      return answerOf(apiClient.PUT("/api/sso-admin/providers/{id}/enabled", { params: { path: { id } }, body: { enabled } }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteSsoProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      requireSession();
      return answerOf(apiClient.DELETE("/api/sso-admin/providers/{id}", { params: { path: { id } } }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** « Tester la connexion »: the server tries the provider and answers in French. */
export function useTestSsoProvider() {
  return useMutation({
    mutationFn: (id: string) => {
      requireSession();
      return answerOf(apiClient.POST("/api/sso-admin/providers/{id}/test", { params: { path: { id } } }));
    },
  });
}

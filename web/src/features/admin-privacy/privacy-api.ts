import { useQuery } from "@tanstack/react-query";
import { API_BASE, ApiError, authHeaders } from "../../lib/api";
import { answerOf, apiClient } from "../../lib/api/client";

/** « Prochaine suppression »: refetched with every admin write (key under "admin"). */
export function useRetentionPreview() {
  return useQuery({
    queryKey: ["admin", "privacy", "retention"],
    queryFn: ({ signal }) => answerOf(apiClient.GET("/api/admin/privacy/retention", { signal })),
  });
}

/** The processing record (registre des traitements) as a Markdown file. */
export async function downloadProcessingRecord(): Promise<{ blob: Blob; name: string }> {
  const res = await fetch(`${API_BASE}/admin/privacy/record`, { headers: authHeaders(), credentials: "same-origin" });
  if (!res.ok) throw new ApiError(res.status, `Téléchargement échoué : ${res.status}`, null);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "registre-des-traitements.md";
  return { blob: await res.blob(), name };
}

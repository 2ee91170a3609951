import type { PopupForMe } from "@planify/common/schemas/popups";
import { answerOf, apiClient } from "../../../lib/api/client";

/** The oldest announcement not yet acknowledged, or null (204). */
export function fetchMyPopup(): Promise<PopupForMe | null> {
  return answerOf(apiClient.GET("/api/popups/for-me"));
}

/** Marks an announcement as seen so that it is not offered again. */
export function acknowledgePopup(id: string): Promise<unknown> {
  return answerOf(apiClient.POST("/api/popups/ack/{id}", { params: { path: { id } } }));
}

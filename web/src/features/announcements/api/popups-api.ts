import type { PopupForMe } from "@planify/common/schemas/popups";
import { api } from "../../../lib/api";

/** The oldest announcement not yet acknowledged, or null (204). */
export function fetchMyPopup(): Promise<PopupForMe | null> {
  return api<PopupForMe | null>("/popups/for-me");
}

/** Marks an announcement as seen so that it is not offered again. */
export function acknowledgePopup(id: string): Promise<unknown> {
  return api<{ success: true }>(`/popups/ack/${encodeURIComponent(id)}`, { method: "POST" });
}

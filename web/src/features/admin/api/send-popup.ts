import { useMutation } from "@tanstack/react-query";
import type { PopupSentResponse, SendPopupBody } from "@planify/common/schemas/popups";
import { api } from "../../../lib/api";

/** POST /api/popups/send (admin): shows an announcement to everyone or to one user. */
export function sendPopup(body: SendPopupBody) {
  return api<PopupSentResponse>("/popups/send", { method: "POST", body });
}

/** The sender's mutation: nothing cached depends on a sent pop-up, so nothing is invalidated. */
export function useSendPopupMutation() {
  return useMutation({ mutationFn: sendPopup });
}

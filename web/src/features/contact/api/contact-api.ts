import { useMutation } from "@tanstack/react-query";
import type { ContactBody } from "@planify/common/schemas/contact";
import { answerOf, apiClient } from "../../../lib/api/client";

/** POST /api/contact; resolves with the server's success message. */
export async function sendContactMessage(body: ContactBody): Promise<string> {
  const res = await answerOf(apiClient.POST("/api/contact", { body }));
  return res.message;
}

export function useContactMutation() {
  return useMutation({ mutationFn: sendContactMessage });
}

import { useMutation } from "@tanstack/react-query";
import type { ContactBody } from "@planify/common/schemas/contact";
import type { OkMessage } from "@planify/common/schemas/shared";
import { api } from "../../../lib/api";

/** POST /api/contact; resolves with the server's success message. */
export async function sendContactMessage(body: ContactBody): Promise<string> {
  const res = await api<OkMessage>("/contact", { method: "POST", body });
  return res.message;
}

export function useContactMutation() {
  return useMutation({ mutationFn: sendContactMessage });
}

import { useMutation } from "@tanstack/react-query";
import type { EmailConfirmBody } from "@planify/common/schemas/reminders";
import type { OkMessage } from "@planify/common/schemas/shared";
import { api } from "../../../lib/api";

/** POST /reminders/email/confirm: the link's token suffices, signed in or not. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (body: EmailConfirmBody) => api<OkMessage>("/reminders/email/confirm", { method: "POST", body, anonymous: true }),
  });
}

import { useMutation } from "@tanstack/react-query";
import type { EmailConfirmBody } from "@planify/common/schemas/reminders";
import { answerOf, apiClientWith } from "../../../lib/api/client";

/** POST /reminders/email/confirm: the link's token suffices, signed in or not. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (body: EmailConfirmBody) => answerOf(apiClientWith({ anonymous: true }).POST("/api/reminders/email/confirm", { body })),
  });
}

import { Type, type Static } from "@sinclair/typebox";
import { ok, OkMessage } from "./shared";
import { CONTACT_DESCRIPTION_MAX, CONTACT_FIELD_MAX, CONTACT_PHONE_MAX } from "../constants/limits";

const Field = Type.String({ maxLength: CONTACT_FIELD_MAX });
export const ContactBody = Type.Object({
  name: Field,
  phone: Type.String({ maxLength: CONTACT_PHONE_MAX }),
  email_from: Field,
  Promo: Field,
  subject: Field,
  Description: Type.String({ maxLength: CONTACT_DESCRIPTION_MAX }),
});
export type ContactBody = Static<typeof ContactBody>;

export const CONTACT_SUCCESS_MESSAGE = "Votre message a bien été envoyé !";

/** A contact message as admins read it (GET /contact/messages). */
export const ContactMessage = Type.Object({
  id: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  promo: Type.String(),
  subject: Type.String(),
  description: Type.String(),
  ip: Type.String(),
  /** Milliseconds since the epoch. */
  createdAt: Type.Integer(),
  mailedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export const ContactMessagesResponse = ok({ messages: Type.Array(ContactMessage) });
export const ContactSentResponse = OkMessage;

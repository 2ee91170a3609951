import { Type, type Static } from "@sinclair/typebox";
import { CONTACT_DESCRIPTION_MAX, CONTACT_FIELD_MAX } from "../constants/limits";

const Field = Type.String({ maxLength: CONTACT_FIELD_MAX });
export const ContactBody = Type.Object({
  name: Field,
  phone: Type.String({ maxLength: 40 }),
  email_from: Field,
  Promo: Field,
  subject: Field,
  Description: Type.String({ maxLength: CONTACT_DESCRIPTION_MAX }),
});
export type ContactBody = Static<typeof ContactBody>;

export const CONTACT_SUCCESS_MESSAGE = "Votre message a bien été envoyé !";

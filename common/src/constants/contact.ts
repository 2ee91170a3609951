/** The contact form's French labels, also those of the mail sent to the school (keys: the form's fields). */
export const CONTACT_LABELS = {
  name: "Nom",
  phone: "Téléphone",
  email_from: "E-mail",
  Promo: "Promo",
  subject: "Sujet",
  Description: "Description",
} as const;

import { useEffect, useState, type FormEvent } from "react";
// Types only: the schema module would bring TypeBox into the page's bundle.
import type { ContactBody } from "@planify/common/schemas/contact";
import { CONTACT_LABELS } from "@planify/common/constants/contact";
import { CONTACT_DESCRIPTION_MAX, CONTACT_FIELD_MAX, CONTACT_MODAL_CLOSE_MS, CONTACT_PHONE_MAX } from "@planify/common/constants/limits";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { SelectField, TextAreaField, TextField } from "../../components/field";
import { CheckIcon, CloseIcon } from "../../components/icons";
import { SendIcon } from "../../components/page-icons";
import { ApiError, errorText } from "../../lib/api";
import { useContactMutation } from "./api/contact-api";
import styles from "./contact-page.module.css";

const EMPTY: ContactBody = { name: "", phone: "", email_from: "", Promo: "", subject: "", Description: "" };
const PROMOS = ["BUT1", "BUT2", "BUT3", "Autre"].map((p) => ({ value: p, label: p }));
export const NETWORK_FAILURE = "Une erreur réseau est survenue. Veuillez réessayer.";

type Outcome = { ok: true; text: string } | { ok: false; text: string };

function contactFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return NETWORK_FAILURE;
  return `Une erreur s'est produite : ${errorText(error, (error as Error).message)}`;
}

/** The contact form: idle → sending → status modal that closes itself. */
export function ContactForm() {
  const [form, setForm] = useState<ContactBody>(EMPTY);
  const send = useContactMutation();
  const sending = send.isPending;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), CONTACT_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const bind = (key: keyof ContactBody) => ({
    name: key,
    value: form[key],
    required: true,
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const message = await send.mutateAsync({ ...form, name: form.name.trim(), email_from: form.email_from.trim() });
      setForm(EMPTY);
      setOutcome({ ok: true, text: message });
    } catch (error) {
      // The form keeps its content so the visitor can try again.
      setOutcome({ ok: false, text: contactFailure(error) });
    }
  }

  return (
    <>
      <form className={styles.form} onSubmit={submit} aria-label="Formulaire de contact">
        <div className={styles.row}>
          <TextField label={CONTACT_LABELS.name} autoComplete="name" maxLength={CONTACT_FIELD_MAX} {...bind("name")} />
          <TextField label={CONTACT_LABELS.phone} type="tel" autoComplete="tel" maxLength={CONTACT_PHONE_MAX} {...bind("phone")} />
        </div>
        <div className={styles.row}>
          <TextField
            label={CONTACT_LABELS.email_from}
            type="email"
            autoComplete="email"
            maxLength={CONTACT_FIELD_MAX}
            {...bind("email_from")}
          />
          <SelectField label={CONTACT_LABELS.Promo} options={PROMOS} placeholder="Choisir votre promo…" {...bind("Promo")} />
        </div>
        <TextField label={CONTACT_LABELS.subject} maxLength={CONTACT_FIELD_MAX} {...bind("subject")} />
        <TextAreaField label={CONTACT_LABELS.Description} rows={6} maxLength={CONTACT_DESCRIPTION_MAX} {...bind("Description")} />
        <div className={styles.formFooter}>
          <p className={styles.required}>Tous les champs sont obligatoires.</p>
          <Button type="submit" disabled={sending} className={styles.submit}>
            <SendIcon size={18} /> {sending ? "Envoi en cours…" : "Envoyer le message"}
          </Button>
        </div>
      </form>
      <Dialog
        open={outcome !== null}
        onOpenChange={(o) => !o && setOutcome(null)}
        width={400}
        title={outcome?.ok === false ? "Envoi impossible" : "Message envoyé"}
      >
        <div className={styles.status} data-ok={outcome?.ok ?? true} role="status">
          <span className={styles.statusIcon}>{outcome?.ok === false ? <CloseIcon size={28} /> : <CheckIcon size={28} />}</span>
          <p>{outcome?.text}</p>
        </div>
      </Dialog>
    </>
  );
}

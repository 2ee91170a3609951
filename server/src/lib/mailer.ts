export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** One plain address (checked with isEmailAddress): where a click on « Répondre » goes. */
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A mailer over SMTP (nodemailer), used only when PLANIFY_SMTP_URL is set. */
export function smtpMailer(url: string, from: string): Mailer {
  // nodemailer is loaded with the first mail, not at start (most schools never send one).
  let transport: Promise<{ sendMail(mail: Mail & { from: string }): Promise<unknown> }> | null = null;
  return {
    async send(mail) {
      transport ??= import("nodemailer").then((m) => m.default.createTransport(url));
      await (await transport).sendMail({ from, ...mail });
    },
  };
}

/** Escapes text for inclusion in an HTML e-mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

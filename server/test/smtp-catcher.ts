// A real SMTP server for tests (smtp-server, nodemailer's own implementation) on a free port:
// Planify's mailer talks SMTP to it over TCP exactly as to a school's mail server, and each
// mail it takes is parsed back (mailparser) so that tests read headers and bodies as a mail
// client would, quoted-printable and all.
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  /** The envelope's recipients (RCPT TO), what the server really delivers to. */
  rcpt: string[];
  parsed: ParsedMail;
  /** The message as it came over the wire. */
  raw: string;
}

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  /** The mails to one envelope recipient. */
  to(address: string): CaughtMail[];
  /** Resolves with the first mail matching `pick`, waiting for it if needed. */
  waitFor(pick: (m: CaughtMail) => boolean, ms?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1, port 0 (plain SMTP, no authentication). */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            mails.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
            done();
          },
          (error: Error) => done(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((m) => m.rcpt.includes(address)),
    async waitFor(pick, ms = 20_000) {
      const end = Date.now() + ms;
      for (;;) {
        const found = mails.find(pick);
        if (found) return found;
        if (Date.now() > end)
          throw new Error(`no such mail within ${ms} ms; got: ${mails.map((m) => `${m.rcpt.join(",")} ${m.parsed.subject}`).join(" | ")}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of a confirmation mail's link (after '#'), and the link itself. */
export function confirmationLink(mail: CaughtMail): { link: string; token: string } {
  const match = (mail.parsed.text ?? "").match(/(https?:\/\/\S+\/confirmer-email#([A-Za-z0-9_-]+))/);
  if (!match) throw new Error(`no confirmation link in: ${mail.parsed.text}`);
  return { link: match[1]!, token: match[2]! };
}

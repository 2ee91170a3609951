import { afterAll, describe, expect, it } from "vitest";
import { smtpMailer } from "../../lib/mailer";
import { createTestApp } from "../../../test/helpers";
import { startSmtpCatcher } from "../../../test/smtp-catcher";

// The contact mail as the school's mailbox receives it: sent by Planify's SMTP mailer to a
// real SMTP server, parsed back as a mail client would.
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const settings = { trustProxy: false, maxUploadBytes: 1024, publicUrl: null, contactTo: "vie-scolaire@lycee.example", version: "test" };

describe("the contact mail to the school", () => {
  it("labels its fields in French, answers go to the sender, and every field is escaped", async () => {
    const ctx = createTestApp({ settings, mailer: smtpMailer(smtp.url, "Planify <planify@lycee.example>") });
    try {
      const res = await ctx.request("POST", "/api/contact", {
        body: {
          name: '<img src=x onerror="alert(1)">',
          phone: "06 12 34 56 78",
          email_from: "camille.petit@exemple.fr",
          Promo: "BUT2",
          subject: "Salut\r\nBcc: pirate@evil.example",
          Description: "<script>alert('x')</script> & co\nDeuxième ligne",
        },
      });
      expect(res.status).toBe(200);
      const mail = await smtp.waitFor((m) => m.rcpt.includes("vie-scolaire@lycee.example"));
      expect(mail.rcpt).toEqual(["vie-scolaire@lycee.example"]);
      expect(mail.parsed.replyTo?.value).toEqual([{ address: "camille.petit@exemple.fr", name: "" }]);
      expect(mail.parsed.subject).toBe("[Planify] Salut Bcc: pirate@evil.example");
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.parsed.text).toBe(
        [
          'Nom : <img src=x onerror="alert(1)">',
          "Téléphone : 06 12 34 56 78",
          "E-mail : camille.petit@exemple.fr",
          "Promo : BUT2",
          "Sujet : Salut\r\nBcc: pirate@evil.example".replace(/\r\n/, "\n"),
          "Description : <script>alert('x')</script> & co\nDeuxième ligne",
        ].join("\n"),
      );
      const html = String(mail.parsed.html);
      for (const label of ["Nom", "Téléphone", "E-mail", "Promo", "Sujet", "Description"])
        expect(html).toContain(`<th align="left" valign="top">${label}</th>`);
      expect(html).not.toMatch(/<img|<script|>(name|phone|email|promo|subject|description)</);
      expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
      expect(html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co<br>Deuxième ligne");
    } finally {
      ctx.close();
    }
  });
});

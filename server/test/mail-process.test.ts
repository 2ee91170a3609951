import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_REMINDER_PREFS } from "@planify/common/constants/reminders";
import { parisDate, parisParts } from "@planify/common/time/paris-time";
import { taskBody } from "../src/features/tasks/test-support";
import { ensureWebAssetMap, postJson, startServer, type RunningServer } from "./process";
import { confirmationLink, startSmtpCatcher, type SmtpCatcher } from "./smtp-catcher";

// The real server process (bun server/src/main.ts) with PLANIFY_SMTP_URL pointing at a real
// SMTP server: the confirmation mail, a reminder held back until the address is confirmed,
// then mailed; and the contact mail as the school receives it.
const dir = mkdtempSync(join(tmpdir(), "planify-mail-"));
const ADMIN = "admin-du-courrier-2026";
const PUBLIC = "https://planify.lycee.example";
let smtp: SmtpCatcher;
let server: RunningServer;

beforeAll(async () => {
  ensureWebAssetMap();
  smtp = await startSmtpCatcher();
  server = await startServer(dir, {
    PLANIFY_ADMIN_PASSWORD: ADMIN,
    PLANIFY_SMTP_URL: smtp.url,
    PLANIFY_SMTP_FROM: "Planify <planify@lycee.example>",
    PLANIFY_PUBLIC_URL: PUBLIC,
    PLANIFY_CONTACT_TO: "vie-scolaire@lycee.example",
    PLANIFY_REMINDER_INTERVAL_SECONDS: "1",
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function login(username: string, password: string): Promise<string> {
  const res = await postJson(`${server.url}/api/users/login`, { username, password });
  expect(res.status).toBe(200);
  return String(res.json!.token);
}
async function send(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
/** A task whose "2 hours before" reminder is due now. */
function dueSoon(titre: string) {
  const deadline = Date.now() + 119 * 60_000;
  const p = parisParts(deadline);
  return taskBody({ titre, date: parisDate(deadline), heure: `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}` });
}

describe("mail through a real SMTP server, from the real server process", { timeout: 120_000 }, () => {
  it("a reminder address gets a working link; nothing is mailed to it before confirmation, the reminder after", async () => {
    const admin = await login("admin", ADMIN);
    expect(
      (
        await postJson(
          `${server.url}/api/users/register`,
          { username: "ines", password: "motdepasse-ines-1", role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
          admin,
        )
      ).status,
    ).toBe(201);
    const ines = await login("ines", "motdepasse-ines-1");
    // Quiet hours twelve hours away, so that the test runs at any time of day.
    const h = (parisParts(Date.now()).hour + 12) % 24;
    const hh = String(h).padStart(2, "0");
    const prefs = {
      ...DEFAULT_REMINDER_PREFS,
      quietStart: `${hh}:00`,
      quietEnd: `${hh}:30`,
      devoir: { eveningBefore: false, eveningTime: "18:00", hoursBefore: 2 },
      exam: { ...DEFAULT_REMINDER_PREFS.exam, eveningTime: h === 18 ? "12:00" : "18:00" },
      email: "ines@exemple.fr",
    };
    const saved = await send("PUT", "/api/reminders/settings", ines, prefs);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      emailAvailable: true,
      emailConfirmed: false,
      message:
        "Préférences enregistrées. Un lien de confirmation a été envoyé à ines@exemple.fr : ouvrez-le pour recevoir les rappels par e-mail.",
    });

    const mail = await smtp.waitFor((m) => m.rcpt.includes("ines@exemple.fr"));
    expect(mail.parsed.from?.text).toBe('"Planify" <planify@lycee.example>');
    expect(mail.parsed.subject).toBe("Confirmez votre adresse pour les rappels Planify");
    const { link, token } = confirmationLink(mail);
    expect(link.startsWith(`${PUBLIC}/confirmer-email#`)).toBe(true);

    // Not confirmed yet: a due reminder is not mailed (several ticks go by).
    expect((await send("POST", "/api/events", admin, dueSoon("Avant la confirmation"))).status).toBe(201);
    await Bun.sleep(3_500);
    expect(smtp.to("ines@exemple.fr")).toHaveLength(1);

    // The link's page posts the token, with no session: confirmed once, refused the second time.
    expect(await send("POST", "/api/reminders/email/confirm", null, { token })).toEqual({
      status: 200,
      json: { success: true, message: "Adresse confirmée : vos rappels y seront aussi envoyés." },
    });
    expect((await send("POST", "/api/reminders/email/confirm", null, { token })).status).toBe(400);
    expect((await send("GET", "/api/reminders/settings", ines)).json).toMatchObject({ emailConfirmed: true });

    expect((await send("POST", "/api/events", admin, dueSoon("Après la confirmation"))).status).toBe(201);
    const reminder = await smtp.waitFor((m) => m.rcpt.includes("ines@exemple.fr") && m.parsed.subject === "Rappel : Après la confirmation");
    expect(reminder.parsed.text).toContain("Devoir de");
    // The first task's reminder, held back while unconfirmed, goes out too: it is still due.
    await smtp.waitFor((m) => m.rcpt.includes("ines@exemple.fr") && m.parsed.subject === "Rappel : Avant la confirmation");
  });

  it("the contact mail reaches the school in French, with Reply-To the sender", async () => {
    const res = await postJson(`${server.url}/api/contact`, {
      name: "Paul <b>Martin</b>",
      phone: "06 11 22 33 44",
      email_from: "paul.martin@exemple.fr",
      Promo: "BUT3",
      subject: "Stage",
      Description: "Bonjour & merci",
    });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.rcpt.includes("vie-scolaire@lycee.example"));
    expect(mail.parsed.replyTo?.text).toBe("paul.martin@exemple.fr");
    expect(mail.parsed.text).toContain("Nom : Paul <b>Martin</b>\nTéléphone : 06 11 22 33 44\nE-mail : paul.martin@exemple.fr");
    expect(String(mail.parsed.html)).toContain("<td>Paul &lt;b&gt;Martin&lt;/b&gt;</td>");
  });
});

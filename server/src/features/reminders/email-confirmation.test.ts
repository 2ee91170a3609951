import { type AddressInfo, createServer, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_REMINDER_PREFS, REMINDER_MESSAGES as M } from "@planify/common/constants/reminders";
import { SMTP_TIMEOUTS, smtpMailer } from "../../lib/mailer";
import {
  appPerFile,
  createTestApp,
  everyActor,
  scenarioTests,
  type Actor,
  type Scenario,
  type TestContext,
  type TestUser,
} from "../../../test/helpers";
import { confirmationLink, startSmtpCatcher } from "../../../test/smtp-catcher";

// A reminder address is confirmed by a link before anything is mailed to it. The mails go
// through Planify's real SMTP mailer (nodemailer) to a real SMTP server on a free port.
const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());
const PUBLIC = "https://planify.lycee.example";
const settings = { trustProxy: false, maxUploadBytes: 1 << 20, publicUrl: PUBLIC, contactTo: null, version: "test" };
const app = appPerFile({ settings, mailer: smtpMailer(smtp.url, "Planify <planify@lycee.example>") });

const STUDENTS = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 403, admin: 403 } as const satisfies Record<Actor, number>;
const refused = {
  401: { code: "UNAUTHORIZED" },
  403: { code: "FORBIDDEN", message: "Les rappels concernent les devoirs et examens des étudiants." },
};
const prefs = (email: string | null) => ({ ...DEFAULT_REMINDER_PREFS, email });
const FAKE = "A".repeat(43);

const table: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/reminders/email/resend" },
    { ...STUDENTS, eleve: 409, etudiant: 409, delegue: 409 },
    "no address waiting: nothing to resend",
    {
      ...refused,
      409: { code: "CONFLICT", message: M.emailNothingPending },
    },
  ),
  ...everyActor(
    { method: "POST", url: "/api/reminders/email/confirm", body: { token: FAKE } },
    { guest: 400, eleve: 400, etudiant: 400, delegue: 400, prof: 400, admin: 400 },
    "an unknown token, whoever opens the link",
    {
      400: { success: false, code: "BAD_REQUEST", message: M.emailBadLink },
    },
  ),
  {
    name: "a token that is no token",
    method: "POST",
    url: "/api/reminders/email/confirm",
    as: "guest",
    body: { token: "a b<c>" },
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "a new address is pending and gets a link",
    method: "PUT",
    url: "/api/reminders/settings",
    as: "eleve",
    body: prefs("eleve@exemple.fr"),
    status: 200,
    expect: {
      success: true,
      message: M.emailPending("eleve@exemple.fr"),
      settings: { email: "eleve@exemple.fr" },
      emailAvailable: true,
      emailConfirmed: false,
    },
  },
  {
    name: "resending at once is refused in French",
    method: "POST",
    url: "/api/reminders/email/resend",
    as: "eleve",
    status: 429,
    expect: (json, res) => {
      expect(json).toMatchObject({ code: "RATE_LIMITED", message: `${M.emailResendTooSoon} Réessayez dans 1 minute.` });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    },
  },
];
describe("reminder e-mail routes", () => scenarioTests(table, () => app));

const put = (ctx: TestContext, user: TestUser, email: string | null) =>
  ctx.request("PUT", "/api/reminders/settings", { token: user.token, body: prefs(email) });
const view = async (ctx: TestContext, user: TestUser) =>
  (await (await ctx.request("GET", "/api/reminders/settings", { token: user.token })).json()) as {
    emailConfirmed: boolean;
    settings: { email: string | null };
  };
const confirm = (ctx: TestContext, token: string) => ctx.request("POST", "/api/reminders/email/confirm", { body: { token } });
const lastTo = (address: string) => smtp.waitFor((m) => m.rcpt.includes(address) && smtp.to(address).at(-1) === m);
const testMail = (ctx: TestContext, user: TestUser) =>
  ctx.request("POST", "/api/reminders/test", { token: user.token }).then((r) => r.json() as Promise<{ email: boolean }>);

describe("confirming a reminder address", () => {
  it("the link arrives in French with the public address, works once; only then does the address get mail", async () => {
    const { ctx } = app;
    const lea = await ctx.user({ role: "eleve", username: "lea-mail" });
    expect((await put(ctx, lea, "lea@exemple.fr")).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.rcpt.includes("lea@exemple.fr"));
    expect(mail.parsed.subject).toBe("Confirmez votre adresse pour les rappels Planify");
    expect(mail.parsed.text).toContain("cliquez sur « Confirmer » (il reste valable 24 heures)");
    const { link, token } = confirmationLink(mail);
    expect(link).toBe(`${PUBLIC}/confirmer-email#${token}`);
    expect(mail.parsed.html).toContain(`href="${link}"`);
    // The token is stored only hashed.
    expect(JSON.stringify(await ctx.deps.engine.raw.all("SELECT * FROM reminder_settings"))).not.toContain(token);

    // Before confirming: 'Envoyer un essai' does not mail the address.
    const before = smtp.to("lea@exemple.fr").length;
    expect(await testMail(ctx, lea)).toMatchObject({ email: false });
    ctx.clock.now += 21_000;
    expect((await view(ctx, lea)).emailConfirmed).toBe(false);

    const ok = await confirm(ctx, token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, message: M.emailConfirmed });
    expect((await view(ctx, lea)).emailConfirmed).toBe(true);
    expect(await testMail(ctx, lea)).toMatchObject({ email: true });
    const essai = await lastTo("lea@exemple.fr");
    expect(smtp.to("lea@exemple.fr")).toHaveLength(before + 1);
    expect(essai.parsed.subject).toBe("Essai de rappel");

    // Single use.
    expect(await (await confirm(ctx, token)).json()).toMatchObject({ code: "BAD_REQUEST", message: M.emailBadLink });
    // Saving the same address again keeps it confirmed and mails nothing.
    const count = smtp.mails.length;
    expect((await put(ctx, lea, "lea@exemple.fr")).status).toBe(200);
    expect((await view(ctx, lea)).emailConfirmed).toBe(true);
    expect(smtp.mails).toHaveLength(count);
  });

  it("a new address starts over: unconfirmed, a link to it, nothing to it until confirmed", async () => {
    const { ctx } = app;
    const tom = await ctx.user({ role: "delegue", username: "tom-mail" });
    await put(ctx, tom, "tom@exemple.fr");
    expect((await confirm(ctx, confirmationLink(await smtp.waitFor((m) => m.rcpt.includes("tom@exemple.fr"))).token)).status).toBe(200);
    ctx.clock.now += 61_000;
    const res = await put(ctx, tom, "tom.autre@exemple.fr");
    expect(await res.json()).toMatchObject({ message: M.emailPending("tom.autre@exemple.fr"), emailConfirmed: false });
    await smtp.waitFor((m) => m.rcpt.includes("tom.autre@exemple.fr"));
    const old = smtp.to("tom@exemple.fr").length;
    expect(await testMail(ctx, tom)).toMatchObject({ email: false });
    expect(smtp.to("tom@exemple.fr")).toHaveLength(old);
    expect(smtp.to("tom.autre@exemple.fr")).toHaveLength(1);
    // Removing it: nothing pending any more.
    await put(ctx, tom, null);
    expect(await view(ctx, tom)).toMatchObject({ emailConfirmed: false, settings: { email: null } });
    expect((await ctx.request("POST", "/api/reminders/email/resend", { token: tom.token })).status).toBe(409);
  });

  it("« Renvoyer le lien »: a new link replaces the old one; 1 a minute, 5 a day; a link expires after 24 h", async () => {
    const { ctx } = app;
    const zoe = await ctx.user({ role: "eleve", username: "zoe-mail" });
    await put(ctx, zoe, "zoe@exemple.fr");
    const first = confirmationLink(await smtp.waitFor((m) => m.rcpt.includes("zoe@exemple.fr"))).token;
    const resend = () => ctx.request("POST", "/api/reminders/email/resend", { token: zoe.token });
    for (let i = 2; i <= 5; i++) {
      ctx.clock.now += 61_000;
      const res = await resend();
      expect(await res.json()).toEqual({ success: true, message: M.emailResent("zoe@exemple.fr") });
      await smtp.waitFor(() => smtp.to("zoe@exemple.fr").length === i);
    }
    ctx.clock.now += 61_000;
    const sixth = await resend();
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { message: string }).message).toMatch(
      /^Un lien de confirmation vient d'être envoyé : vérifiez votre boîte mail \(et les indésirables\)\. Réessayez dans 24 heures\.$/,
    );
    const latest = confirmationLink(smtp.to("zoe@exemple.fr").at(-1)!).token;
    expect((await confirm(ctx, first)).status).toBe(400);
    ctx.clock.now += 24 * 3_600_000;
    expect(await (await confirm(ctx, latest)).json()).toMatchObject({ message: M.emailBadLink });
    expect((await view(ctx, zoe)).emailConfirmed).toBe(false);
  });

  it("a new address within the limits (a typo fixed at once, a 6th in a day) is saved pending with the other preferences; no link, and the answer says when to ask for it", async () => {
    const { ctx } = app;
    const ines = await ctx.user({ role: "eleve", username: "ines-mail" });
    await put(ctx, ines, "ines@exmple.fr");
    const typo = confirmationLink(await smtp.waitFor((m) => m.rcpt.includes("ines@exmple.fr"))).token;
    ctx.clock.now += 10_000;
    const fixed = await ctx.request("PUT", "/api/reminders/settings", {
      token: ines.token,
      body: { ...prefs("ines@exemple.fr"), quietStart: "21:30" },
    });
    expect(fixed.status).toBe(200);
    expect(await fixed.json()).toMatchObject({
      message: M.emailDeferred("ines@exemple.fr", "1 minute"),
      emailConfirmed: false,
      settings: { email: "ines@exemple.fr", quietStart: "21:30" },
    });
    expect(M.emailDeferred("ines@exemple.fr", "1 minute")).toContain("« Renvoyer le lien » dans 1 minute.");
    expect(await view(ctx, ines)).toMatchObject({ emailConfirmed: false, settings: { email: "ines@exemple.fr", quietStart: "21:30" } });
    expect(smtp.to("ines@exemple.fr")).toHaveLength(0);
    // The mistyped address's link is void; once the minute is over, « Renvoyer le lien » sends one.
    expect((await confirm(ctx, typo)).status).toBe(400);
    ctx.clock.now += 51_000;
    expect(await (await ctx.request("POST", "/api/reminders/email/resend", { token: ines.token })).json()).toEqual({
      success: true,
      message: M.emailResent("ines@exemple.fr"),
    });
    expect((await confirm(ctx, confirmationLink(await smtp.waitFor((m) => m.rcpt.includes("ines@exemple.fr"))).token)).status).toBe(200);
    expect((await view(ctx, ines)).emailConfirmed).toBe(true);

    // Three more addresses (5 links today), then a 6th: saved, no link for 24 hours.
    for (const n of [3, 4, 5]) {
      ctx.clock.now += 61_000;
      await put(ctx, ines, `ines${n}@exemple.fr`);
      await smtp.waitFor((m) => m.rcpt.includes(`ines${n}@exemple.fr`));
    }
    ctx.clock.now += 61_000;
    const sixth = await put(ctx, ines, "ines6@exemple.fr");
    expect(sixth.status).toBe(200);
    expect(await sixth.json()).toMatchObject({
      message: M.emailDeferred("ines6@exemple.fr", "24 heures"),
      emailConfirmed: false,
      settings: { email: "ines6@exemple.fr" },
    });
    expect(smtp.to("ines6@exemple.fr")).toHaveLength(0);
    expect((await ctx.request("POST", "/api/reminders/email/resend", { token: ines.token })).status).toBe(429);
  });

  it("a resend whose mail does not go leaves the previous link working", async () => {
    const real = smtpMailer(smtp.url, "Planify <planify@lycee.example>");
    let down = false;
    const ctx = createTestApp({
      settings,
      mailer: { send: (mail) => (down ? Promise.reject(new Error("SMTP en panne")) : real.send(mail)) },
    });
    try {
      const noe = await ctx.user({ role: "eleve", username: "noe-mail" });
      await put(ctx, noe, "noe@exemple.fr");
      const first = confirmationLink(await smtp.waitFor((m) => m.rcpt.includes("noe@exemple.fr"))).token;
      down = true;
      ctx.clock.now += 61_000;
      expect((await ctx.request("POST", "/api/reminders/email/resend", { token: noe.token })).status).toBe(502);
      expect((await confirm(ctx, first)).status).toBe(200);
      expect((await view(ctx, noe)).emailConfirmed).toBe(true);
    } finally {
      ctx.close();
    }
  });
});

describe("the SMTP mailer", () => {
  it("gives up on a server that takes the connection but never greets, within the greeting timeout", async () => {
    const sockets: Socket[] = [];
    const mute = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => mute.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = mute.address() as AddressInfo;
      const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, "x@lycee.example", {
        connectionTimeout: 500,
        greetingTimeout: 500,
        socketTimeout: 1_000,
      });
      const started = Date.now();
      const outcome = await Promise.race([
        mailer.send({ to: "a@exemple.fr", subject: "s", text: "t", html: "<p>t</p>" }).then(
          () => "sent",
          (error: Error) => `failed: ${error.message}`,
        ),
        new Promise((r) => setTimeout(() => r("still waiting"), 3_000)),
      ]);
      expect(outcome).toMatch(/^failed: .*greeting/i);
      expect(sockets.length).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => mute.close(r));
    }
  });

  it("defaults to 10 s to connect, 10 s for the greeting, 20 s of silence", () => {
    expect(SMTP_TIMEOUTS).toEqual({ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  });
});

describe("without e-mail", () => {
  const cases: [string, Partial<Parameters<typeof createTestApp>[0]>][] = [
    ["no SMTP", { settings }],
    [
      "SMTP but no public address for the link",
      { settings: { ...settings, publicUrl: null }, mailer: smtpMailer(smtp.url, "x@lycee.example") },
    ],
  ];
  for (const [name, overrides] of cases) {
    it(`${name}: the settings say so, and an address is refused in French`, async () => {
      const ctx = createTestApp(overrides);
      try {
        const user = await ctx.user({ role: "eleve", username: "sans-mail" });
        expect(await view(ctx, user)).toMatchObject({ emailAvailable: false, emailConfirmed: false });
        const res = await put(ctx, user, "sans@exemple.fr");
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ message: M.emailUnavailable });
        expect((await ctx.request("POST", "/api/reminders/email/resend", { token: user.token })).status).toBe(404);
      } finally {
        ctx.close();
      }
    });
  }

  it("a mail server that does not answer: saved, and told that the link did not go; resend answers 502", async () => {
    const ctx = createTestApp({ settings, mailer: smtpMailer("smtp://127.0.0.1:9", "x@lycee.example") });
    try {
      const user = await ctx.user({ role: "eleve", username: "panne-mail" });
      expect(await (await put(ctx, user, "panne@exemple.fr")).json()).toMatchObject({
        message: M.emailNotSent,
        emailConfirmed: false,
        settings: { email: "panne@exemple.fr" },
      });
      ctx.clock.now += 61_000;
      const res = await ctx.request("POST", "/api/reminders/email/resend", { token: user.token });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({
        code: "MAIL_NOT_SENT",
        message: "Le mail n'a pas pu partir : le serveur de messagerie ne répond pas. Réessayez plus tard.",
      });
    } finally {
      ctx.close();
    }
  });
});

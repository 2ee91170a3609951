import { first } from "../../db/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema";
import type { Mail } from "../../lib/mailer";
import {
  createActors,
  createTestApp,
  everyActor,
  logRecorder,
  scenarioTests,
  type Actors,
  type Scenario,
  type TestContext,
} from "../../../test/helpers";

// Contact rows run behind a trusted proxy so that each caller has its own IP (the limit is
// 5 messages per hour per IP, tested on its own below).
let ctx: TestContext;
let actors: Actors;
const sent: Mail[] = [];
const settings = { trustProxy: true, maxUploadBytes: 1024, publicUrl: null, contactTo: "vie-scolaire@planify.test", version: "test" };

beforeAll(async () => {
  ctx = createTestApp({ settings, mailer: { send: async (mail) => void sent.push(mail) } });
  actors = await createActors(ctx);
});
afterAll(() => ctx.close());

const env = () => ({ ctx, actors });
const message = (extra: Record<string, unknown> = {}) => ({
  name: "Camille Petit",
  phone: "06 12 34 56 78",
  email_from: "camille@example.fr",
  Promo: "BUT1",
  subject: "Question",
  Description: "Bonjour, comment rejoindre une faction ?",
  ...extra,
});
let ipCounter = 0;
const fromNewIp = () => ({ "x-forwarded-for": `203.0.113.${++ipCounter}` });

const table: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/contact", body: message() },
    { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
    "anyone may write",
    { 200: { success: true, message: "Votre message a bien été envoyé !" } },
  ).map((row) => ({ ...row, headers: fromNewIp() })),
  {
    name: "a field missing",
    method: "POST",
    url: "/api/contact",
    as: "guest",
    headers: fromNewIp(),
    body: message({ subject: undefined }),
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "a field blank",
    method: "POST",
    url: "/api/contact",
    as: "guest",
    headers: fromNewIp(),
    body: message({ name: "   " }),
    status: 400,
    expect: { message: "Tous les champs sont obligatoires." },
  },
  {
    name: "bad e-mail",
    method: "POST",
    url: "/api/contact",
    as: "eleve",
    headers: fromNewIp(),
    body: message({ email_from: "camille@" }),
    status: 400,
    expect: { message: "Adresse e-mail invalide." },
  },
  // The address becomes the mail's Reply-To: exactly one plain address, nothing more.
  {
    name: "two addresses in one",
    method: "POST",
    url: "/api/contact",
    as: "guest",
    headers: fromNewIp(),
    body: message({ email_from: "camille@example.fr,pirate@evil.example" }),
    status: 400,
    expect: { message: "Adresse e-mail invalide." },
  },
  {
    name: "an address with a name",
    method: "POST",
    url: "/api/contact",
    as: "guest",
    headers: fromNewIp(),
    body: message({ email_from: "Camille <camille@example.fr>" }),
    status: 400,
    expect: { message: "Adresse e-mail invalide." },
  },
  {
    name: "an address with a header after it",
    method: "POST",
    url: "/api/contact",
    as: "guest",
    headers: fromNewIp(),
    body: message({ email_from: "camille@example.fr\r\nBcc: pirate@evil.example" }),
    status: 400,
    expect: { message: "Adresse e-mail invalide." },
  },
  {
    name: "bad phone",
    method: "POST",
    url: "/api/contact",
    as: "guest",
    headers: fromNewIp(),
    body: message({ phone: "appelez-moi" }),
    status: 400,
    expect: { message: "Numéro de téléphone invalide." },
  },
  {
    name: "description too long",
    method: "POST",
    url: "/api/contact",
    as: "guest",
    headers: fromNewIp(),
    body: message({ Description: "x".repeat(5001) }),
    status: 400,
    expect: { code: "VALIDATION" },
  },
  ...everyActor(
    { method: "GET", url: "/api/contact/messages" },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 },
    "only admins read the messages",
    {
      401: { code: "UNAUTHORIZED" },
      403: { code: "FORBIDDEN", message: "Accès refusé." },
      200: (json) => {
        const { messages } = json as { messages: Record<string, unknown>[] };
        expect(messages).toHaveLength(6);
        expect(messages[0]).toMatchObject({ name: "Camille Petit", email: "camille@example.fr", promo: "BUT1", subject: "Question" });
      },
    },
  ),
];

describe("contact routes", () => {
  scenarioTests(table, env);
  it("stored each valid message once and mailed it", async () => {
    expect(await ctx.deps.db.select().from(contactMessages)).toHaveLength(6);
    expect(sent).toHaveLength(6);
    expect(sent[0]).toMatchObject({ to: "vie-scolaire@planify.test", subject: "[Planify] Question" });
  });
});

describe("contact mail", () => {
  it("escapes every field of the HTML mail", async () => {
    const mails: Mail[] = [];
    const c = createTestApp({ mailer: { send: async (mail) => void mails.push(mail) }, settings: { ...settings, trustProxy: false } });
    try {
      const res = await c.request("POST", "/api/contact", {
        body: message({
          name: '<img src=x onerror="alert(1)">',
          subject: "Salut\r\nBcc: pirate@evil.example",
          Description: "<script>alert('x')</script> & co",
        }),
      });
      expect(res.status).toBe(200);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.html).not.toMatch(/<img|<script/);
      expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
      expect(mail.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co");
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect((await first(c.deps.db.select().from(contactMessages)))?.mailedAt).toBe(c.clock.now);
    } finally {
      c.close();
    }
  });

  it("is not sent without a mailer; the message is still stored", async () => {
    const c = createTestApp();
    try {
      const res = await c.request("POST", "/api/contact", { body: message() });
      expect(res.status).toBe(200);
      expect(await first(c.deps.db.select().from(contactMessages))).toMatchObject({ name: "Camille Petit", mailedAt: null });
    } finally {
      c.close();
    }
  });

  it("a failing mail server still stores the message and logs no content", async () => {
    const rec = logRecorder();
    const c = createTestApp({ log: rec.log, settings, mailer: { send: async () => Promise.reject(new Error("ECONNREFUSED")) } });
    try {
      const res = await c.request("POST", "/api/contact", { body: message({ Description: "secret-de-camille" }) });
      expect(res.status).toBe(200);
      expect(await c.deps.db.select().from(contactMessages)).toHaveLength(1);
      expect(rec.lines.map((l) => l.message)).toContain("contact mail failed");
      expect(rec.text()).not.toContain("secret-de-camille");
    } finally {
      c.close();
    }
  });
});

describe("contact limit", () => {
  it("refuses the 6th message within an hour from one IP, not from another, and again after the hour", async () => {
    const c = createTestApp({ settings });
    try {
      const post = (ip: string) => c.request("POST", "/api/contact", { body: message(), headers: { "x-forwarded-for": ip } });
      for (let i = 0; i < 5; i++) {
        c.clock.now += 60_000;
        expect((await post("198.51.100.7")).status).toBe(200);
      }
      const sixth = await post("198.51.100.7");
      expect(sixth.status).toBe(429);
      expect(await sixth.json()).toMatchObject({
        success: false,
        code: "RATE_LIMITED",
        message: "Trop de messages envoyés. Réessayez dans une heure.",
      });
      expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await post("198.51.100.8")).status).toBe(200);
      expect(await c.deps.db.select().from(contactMessages)).toHaveLength(6);
      c.clock.now += 56 * 60_000;
      expect((await post("198.51.100.7")).status).toBe(200);
    } finally {
      c.close();
    }
  });

  it("ten messages sent at once from one IP: five are taken, five refused, on every engine", async () => {
    const c = createTestApp({ settings });
    try {
      const post = () => c.request("POST", "/api/contact", { body: message(), headers: { "x-forwarded-for": "198.51.100.9" } });
      const statuses = (await Promise.all(Array.from({ length: 10 }, post))).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
      expect(await c.deps.db.select().from(contactMessages)).toHaveLength(5);
    } finally {
      c.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { createECDH, randomBytes } from "node:crypto";
import { DEFAULT_REMINDER_PREFS } from "@planify/common/constants/reminders";
import { appPerFile, everyActor, scenarioTests, type Actor, type Scenario } from "../../../test/helpers";
import { generateVapidKeys } from "./vapid";

const vapid = generateVapidKeys();
const app = appPerFile({ vapid });
const STUDENTS = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 403, admin: 403 } as const satisfies Record<Actor, number>;
const CREATED = { ...STUDENTS, eleve: 201, etudiant: 201, delegue: 201 } as const;
const NOT_FOUND = { ...STUDENTS, eleve: 404, etudiant: 404, delegue: 404 } as const;
const refused = {
  401: { code: "UNAUTHORIZED" },
  403: { code: "FORBIDDEN", message: "Les rappels concernent les devoirs et examens des étudiants." },
};

function keys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}
let n = 0;
const pushBody = (endpoint?: string, k = keys()) => ({
  kind: "push",
  label: "Chromium",
  subscription: { endpoint: endpoint ?? `https://push.example.net/wpush/v2/${++n}`, expirationTime: null, keys: k },
});
const bad = (name: string, body: unknown, message: string, status = 400): Scenario => ({
  name,
  method: "PUT",
  url: "/api/reminders/settings",
  as: "eleve",
  body,
  status,
  expect: { success: false, message },
});
const settings = (over: Record<string, unknown>) => ({ ...DEFAULT_REMINDER_PREFS, ...over });

const table: Scenario[] = [
  ...everyActor({ method: "GET", url: "/api/reminders/settings" }, STUDENTS, "students read their preferences (defaults at first)", {
    ...refused,
    200: { success: true, settings: DEFAULT_REMINDER_PREFS, devices: [], emailAvailable: false },
  }),
  ...everyActor(
    { method: "PUT", url: "/api/reminders/settings", body: settings({ digest: true, digestTime: "19:00" }) },
    STUDENTS,
    "students save their preferences",
    {
      ...refused,
      200: { success: true, message: "Préférences de rappel enregistrées.", settings: { digest: true, digestTime: "19:00" } },
    },
  ),
  bad(
    "a time that is no time",
    settings({ quietEnd: "7h" }),
    "La fin des heures de silence : indiquez une heure au format HH:MM (par exemple 18:00).",
  ),
  bad(
    "an evening hour inside the quiet hours",
    settings({ exam: { eveningBefore: true, eveningTime: "22:30", hoursBefore: 0 } }),
    "L'heure de la veille (examens) (22:30) tombe pendant les heures de silence : choisissez une autre heure.",
  ),
  bad("a wrong e-mail", settings({ email: "moi@" }), "Adresse e-mail invalide (exemple : prenom.nom@exemple.fr)."),
  {
    name: "more hours than allowed",
    method: "PUT",
    url: "/api/reminders/settings",
    as: "eleve",
    body: settings({ devoir: { eveningBefore: true, eveningTime: "18:00", hoursBefore: 100 } }),
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "a body over the 16 KB of a small JSON route",
    method: "PUT",
    url: "/api/reminders/settings",
    as: "eleve",
    body: { ...settings({}), pad: "x".repeat(20_000) },
    status: 413,
  },
  {
    name: "an unknown field is dropped",
    method: "PUT",
    url: "/api/reminders/settings",
    as: "eleve",
    body: { ...settings({}), spam: true },
    status: 200,
    expect: (json) => expect((json as { settings: object }).settings).not.toHaveProperty("spam"),
  },
  ...everyActor({ method: "POST", url: "/api/reminders/test" }, STUDENTS, "a test message, before any device: nothing to reach", {
    ...refused,
    200: { success: true, push: 0, message: "Aucun appareil activé : activez d'abord les rappels sur cet appareil." },
  }),
  ...everyActor({ method: "GET", url: "/api/reminders/vapid-public-key" }, STUDENTS, "the key browsers subscribe with", {
    ...refused,
    200: { success: true, publicKey: vapid.publicKey },
  }),
  ...everyActor(
    { method: "POST", url: "/api/reminders/subscriptions", body: () => pushBody() },
    CREATED,
    "a browser's push subscription is kept",
    {
      ...refused,
      201: { success: true, message: "Rappels activés sur cet appareil.", device: { kind: "push", label: "Chromium" } },
    },
  ),
  {
    name: "a desktop window",
    method: "POST",
    url: "/api/reminders/subscriptions",
    as: "eleve",
    body: { kind: "desktop", label: "Planify Desktop" },
    status: 201,
    expect: { device: { kind: "desktop" } },
  },
  {
    name: "a test reaches the desktop window",
    method: "POST",
    url: "/api/reminders/test",
    as: "eleve",
    status: 200,
    expect: { desktop: 1, message: "Essai envoyé (1 destination)." },
  },
  {
    name: "a second test right away",
    method: "POST",
    url: "/api/reminders/test",
    as: "eleve",
    status: 429,
    expect: { code: "RATE_LIMITED", message: "Un essai vient d'être envoyé : attendez quelques secondes." },
  },
  {
    name: "plain http is refused",
    method: "POST",
    url: "/api/reminders/subscriptions",
    as: "eleve",
    body: () => pushBody("http://push.example.net/x"),
    status: 400,
    expect: { message: "Adresse de notification refusée : seul un service de notification sécurisé (https) est accepté." },
  },
  {
    name: "an address inside the network is refused",
    method: "POST",
    url: "/api/reminders/subscriptions",
    as: "eleve",
    body: () => pushBody("https://10.0.0.5/push"),
    status: 400,
    expect: { code: "BAD_REQUEST" },
  },
  {
    name: "loopback is refused outside tests",
    method: "POST",
    url: "/api/reminders/subscriptions",
    as: "eleve",
    body: () => pushBody("http://127.0.0.1:9/push"),
    status: 400,
    expect: { code: "BAD_REQUEST" },
  },
  {
    name: "keys that are no P-256 key",
    method: "POST",
    url: "/api/reminders/subscriptions",
    as: "eleve",
    body: () => pushBody(undefined, { p256dh: "AAAA", auth: "BBBB" }),
    status: 400,
    expect: { message: "Abonnement de notification invalide : réactivez les notifications sur cet appareil." },
  },
  {
    name: "an endpoint too long",
    method: "POST",
    url: "/api/reminders/subscriptions",
    as: "eleve",
    body: () => pushBody(`https://push.example.net/${"a".repeat(1100)}`),
    status: 400,
  },
  { name: "an unknown kind", method: "POST", url: "/api/reminders/subscriptions", as: "eleve", body: { kind: "sms" }, status: 400 },
  ...everyActor({ method: "DELETE", url: "/api/reminders/subscriptions/inconnu" }, NOT_FOUND, "an unknown device", {
    ...refused,
    404: { message: "Appareil introuvable : il a peut-être déjà été désactivé." },
  }),
  ...everyActor({ method: "GET", url: "/api/reminders/pending?device=inconnu" }, NOT_FOUND, "an unknown desktop", refused),
  { name: "pending without a device", method: "GET", url: "/api/reminders/pending", as: "eleve", status: 400 },
  ...everyActor(
    { method: "POST", url: "/api/reminders/pending/ack", body: { device: "inconnu", ids: [1] } },
    NOT_FOUND,
    "ack of an unknown desktop",
    refused,
  ),
  {
    name: "too many ids",
    method: "POST",
    url: "/api/reminders/pending/ack",
    as: "eleve",
    body: { device: "x", ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    status: 400,
  },
];

describe("reminder routes", () => scenarioTests(table, () => app));

describe("devices", () => {
  it("one's own device is removed; another student's answers 404 like a missing one", async () => {
    const { eleve, delegue } = app.actors;
    const res = await app.ctx.request("POST", "/api/reminders/subscriptions", { token: delegue.token, body: { kind: "desktop" } });
    const id = ((await res.json()) as { device: { id: string } }).device.id;
    expect((await app.ctx.request("DELETE", `/api/reminders/subscriptions/${id}`, { token: eleve.token })).status).toBe(404);
    const del = await app.ctx.request("DELETE", `/api/reminders/subscriptions/${id}`, { token: delegue.token });
    expect(await del.json()).toMatchObject({ success: true, message: "Rappels désactivés sur cet appareil." });
  });

  it("the same browser subscribing again keeps one device", async () => {
    const { etudiant } = app.actors;
    const body = pushBody();
    const before = await app.ctx.request("GET", "/api/reminders/settings", { token: etudiant.token });
    const count = ((await before.json()) as { devices: unknown[] }).devices.length;
    await app.ctx.request("POST", "/api/reminders/subscriptions", { token: etudiant.token, body });
    await app.ctx.request("POST", "/api/reminders/subscriptions", { token: etudiant.token, body });
    const after = await app.ctx.request("GET", "/api/reminders/settings", { token: etudiant.token });
    expect(((await after.json()) as { devices: unknown[] }).devices).toHaveLength(count + 1);
  });
});

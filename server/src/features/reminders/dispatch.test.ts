import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DEFAULT_REMINDER_PREFS } from "@planify/common/constants/reminders";
import { parisToUtc } from "@planify/common/time/paris-time";
import { createActors, createTestApp, type Actors, type TestContext } from "../../../test/helpers";
import { decryptPush, startPushStandIn, verifyVapid, type BrowserSubscription, type PushStandIn } from "../../../test/push-stand-in";
import { reminderDeliveries, reminderDevices } from "../../db/schema";
import type { Mail } from "../../lib/mailer";
import { createTask, taskBody } from "../tasks/test-support";
import { claimDue, deliver, pruneDeliveries, runReminderTick, STALE_MS } from "./dispatch";
import { generateVapidKeys } from "./vapid";

// Reminders go through the real scheduler tick to a real HTTP push service stand-in (see
// test/push-stand-in.ts): each message is decrypted with the subscription's private key.
let ctx: TestContext;
let a: Actors;
let push: PushStandIn;
const mails: Mail[] = [];
const vapid = generateVapidKeys("mailto:rappels@planify.test");

beforeAll(async () => {
  push = startPushStandIn();
  ctx = createTestApp({
    vapid,
    mailer: { send: async (m) => void mails.push(m) },
    settings: {
      trustProxy: false,
      maxUploadBytes: 1 << 20,
      publicUrl: "https://planify.test",
      contactTo: null,
      version: "test",
      allowLocalPush: true,
    },
  });
  a = await createActors(ctx);
});
afterAll(() => {
  push.stop();
  ctx.close();
});

/** A session opened at the test clock's time (the clock jumps weeks ahead, past a token's life). */
async function tok(u: { username: string; password: string }): Promise<string> {
  const res = await ctx.request("POST", "/api/users/login", { body: { username: u.username, password: u.password } });
  return ((await res.json()) as { token: string }).token;
}
const at = (date: string, time: string) => (ctx.clock.now = parisToUtc(date, time));
const tick = (run = "run-1") => runReminderTick(ctx.deps, run);

async function subscribe(token: string, name: string): Promise<{ sub: BrowserSubscription; id: string }> {
  const sub = push.subscribe(name);
  const res = await ctx.request("POST", "/api/reminders/subscriptions", {
    token,
    body: { kind: "push", subscription: { endpoint: sub.endpoint, keys: sub.keys }, label: name },
  });
  expect(res.status).toBe(201);
  return { sub, id: ((await res.json()) as { device: { id: string } }).device.id };
}
async function settings(token: string, over: Record<string, unknown>) {
  const res = await ctx.request("PUT", "/api/reminders/settings", { token, body: { ...DEFAULT_REMINDER_PREFS, ...over } });
  expect(res.status, await res.clone().text()).toBe(200);
}
/** The pushes received since `from`, decrypted for `sub`. */
function messages(sub: BrowserSubscription, from = 0) {
  return push.received
    .slice(from)
    .filter((r) => sub.endpoint.endsWith(r.path))
    .map((r) => decryptPush(sub, r.body) as { title: string; body: string; tag: string });
}

describe("reminders through Web Push", () => {
  let phone: BrowserSubscription;
  let laptop: BrowserSubscription;
  let kept: string;

  it("sends the evening before at 18:00, once per task and device, with a valid VAPID signature", async () => {
    at("2026-11-16", "10:00");
    phone = (await subscribe(await tok(a.eleve), "eleve-phone")).sub;
    laptop = (await subscribe(await tok(a.eleve), "eleve-laptop")).sub;
    const t = async (titre: string) => createTask(ctx, await tok(a.delegue), { titre, date: "2026-11-18", heure: "08:30" });
    kept = (await t("Fiche de lecture")).id;
    const checked = await t("Exercices cochés");
    const archived = await t("Exposé archivé");
    const hidden = await t("Tâche masquée");
    expect((await ctx.request("POST", `/api/events/${checked.id}/check`, { token: await tok(a.eleve) })).status).toBe(200);
    expect((await ctx.request("POST", `/api/events/${archived.id}/archive`, { token: await tok(a.eleve) })).status).toBe(200);
    expect((await ctx.request("DELETE", `/api/events/${hidden.id}`, { token: await tok(a.eleve) })).status).toBe(200);

    at("2026-11-17", "17:59");
    expect((await tick()).claimed).toBe(0);
    at("2026-11-17", "18:00");
    const report = await tick();
    expect(report).toMatchObject({ claimed: 2, sent: 2 });
    for (const sub of [phone, laptop]) {
      expect(messages(sub)).toEqual([
        {
          title: "Rappel : Fiche de lecture",
          body: "Devoir de Développement web à rendre demain à 08:30.",
          tag: `rappel-${kept}`,
          url: `/devoirs?tache=${kept}`,
        },
      ]);
    }
    const first = push.received[0]!;
    expect(first.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(first.headers.ttl)).toBeGreaterThan(0);
    const jwt = await verifyVapid(first.headers, phone.endpoint);
    expect(jwt).toMatchObject({ alg: "ES256", publicKey: vapid.publicKey, claims: { sub: "mailto:rappels@planify.test", aud: push.url } });

    at("2026-11-17", "18:05");
    expect((await tick()).claimed).toBe(0);
    at("2026-11-18", "07:00");
    expect((await tick()).claimed).toBe(0);
    expect(push.received).toHaveLength(2);
  });

  it("reschedules after a deadline edit, and sends nothing once the task is checked", async () => {
    const from = push.received.length;
    at("2026-11-18", "07:30");
    const res = await ctx.request("PUT", `/api/events/${kept}`, {
      token: await tok(a.prof),
      body: taskBody({ titre: "Fiche de lecture", date: "2026-11-25", heure: "08:30" }),
    });
    expect(res.status).toBe(200);
    at("2026-11-24", "17:59");
    expect((await tick()).claimed).toBe(0);
    at("2026-11-24", "18:00");
    expect(await tick()).toMatchObject({ claimed: 2, sent: 2 });
    expect(messages(phone, from).map((m) => m.body)).toEqual(["Devoir de Développement web à rendre demain à 08:30."]);
    // Checked before its evening: nothing.
    const later = await createTask(ctx, await tok(a.delegue), { titre: "Cochée à temps", date: "2026-11-27", heure: "10:00" });
    await ctx.request("POST", `/api/events/${later.id}/check`, { token: await tok(a.eleve) });
    at("2026-11-26", "18:00");
    expect((await tick()).claimed).toBe(0);
  });

  it("the student's own tasks are reminded too, in their own words, and not once checked", async () => {
    const from = push.received.length;
    at("2026-11-28", "09:00");
    const token = await tok(a.eleve);
    const make = async (titre: string) => {
      const res = await ctx.request("POST", "/api/personal-tasks", { token, body: { titre, date: "2026-11-30", heure: "10:00" } });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { event: { id: string } }).event.id;
    };
    const own = await make("Appeler le maître de stage");
    const done = await make("Réserver la salle");
    expect((await ctx.request("POST", `/api/events/${done}/check`, { token })).status).toBe(200);
    at("2026-11-29", "18:00");
    expect(await tick()).toMatchObject({ claimed: 2, sent: 2 });
    expect(messages(phone, from)).toEqual([
      {
        title: "Rappel : Appeler le maître de stage",
        body: "Tâche perso prévue demain à 10:00.",
        tag: `rappel-${own}`,
        url: `/devoirs?tache=${own}`,
      },
    ]);
  });

  it("keeps 18:00 Paris on the evening of the autumn change", async () => {
    at("2026-10-20", "10:00");
    await createTask(ctx, await tok(a.delegue), { titre: "Après le changement d'heure", date: "2026-10-26", heure: "08:30" });
    ctx.clock.now = Date.parse("2026-10-25T16:59:00Z");
    expect((await tick()).claimed).toBe(0);
    ctx.clock.now = Date.parse("2026-10-25T17:00:00Z"); // 18:00 CET
    expect((await tick()).sent).toBe(2);
  });

  it("holds a reminder due at 23:00 until 07:00", async () => {
    await settings(await tok(a.eleve), { devoir: { eveningBefore: false, eveningTime: "18:00", hoursBefore: 10 } });
    at("2026-12-01", "10:00");
    await createTask(ctx, await tok(a.delegue), { titre: "Rendu du matin", date: "2026-12-03", heure: "09:00" });
    const from = push.received.length;
    at("2026-12-02", "23:00");
    expect((await tick()).claimed).toBe(0);
    at("2026-12-03", "06:59");
    expect((await tick()).claimed).toBe(0);
    at("2026-12-03", "07:00");
    expect((await tick()).sent).toBe(2);
    expect(messages(phone, from).map((m) => m.title)).toEqual(["Rappel : Rendu du matin"]);
    await settings(await tok(a.eleve), {});
  });

  it("a crash between claim and send: the next run sends it once, with the same tag and topic, once the claim is stale", async () => {
    at("2026-12-08", "10:00");
    await createTask(ctx, await tok(a.delegue), { titre: "Envoi interrompu", date: "2026-12-10", heure: "08:00" });
    at("2026-12-09", "18:00");
    const from = push.received.length;
    // The process dies right after its claim: rows say 'sending', nothing reached the push service.
    expect(await claimDue(ctx.deps, "dead-run")).toHaveLength(2);
    expect(push.received.length).toBe(from);
    // A minute later it may still be another node's send under way: left alone.
    at("2026-12-09", "18:01");
    expect(await tick("next-run")).toMatchObject({ claimed: 0 });
    expect(push.received.length).toBe(from);
    at("2026-12-09", "18:03");
    expect(await tick("next-run")).toMatchObject({ claimed: 2, sent: 2 });
    expect(await tick("next-run")).toMatchObject({ claimed: 0 });
    expect(messages(phone, from).map((m) => m.title)).toEqual(["Rappel : Envoi interrompu"]);
    expect(messages(laptop, from)).toHaveLength(1);
  });

  it("a claim another node is sending is left to it: each reminder goes out once", async () => {
    at("2026-12-10", "10:00");
    await createTask(ctx, await tok(a.delegue), { titre: "Deux nœuds", date: "2026-12-12", heure: "08:00" });
    at("2026-12-11", "18:00");
    const from = push.received.length;
    // Node A has claimed and is still sending when node B ticks.
    const inFlight = await claimDue(ctx.deps, "node-a");
    expect(inFlight).toHaveLength(2);
    expect(await tick("node-b")).toMatchObject({ claimed: 0 });
    for (const claim of inFlight) expect(await deliver(ctx.deps, claim)).toBe("sent");
    at("2026-12-11", "18:05");
    expect(await tick("node-b")).toMatchObject({ claimed: 0 });
    expect(messages(phone, from).map((m) => m.title)).toEqual(["Rappel : Deux nœuds"]);
  });

  it("a send left in flight waits for the end of the quiet hours", async () => {
    at("2026-12-20", "10:00");
    await createTask(ctx, await tok(a.delegue), { titre: "Retard de la veille", date: "2026-12-22", heure: "08:00" });
    at("2026-12-21", "21:59");
    const from = push.received.length;
    expect(await claimDue(ctx.deps, "dead-run")).toHaveLength(2);
    at("2026-12-21", "22:05");
    expect((await tick("after-crash")).claimed).toBe(0);
    at("2026-12-22", "07:00");
    expect(await tick("after-crash")).toMatchObject({ claimed: 2, sent: 2 });
    expect(messages(phone, from).map((m) => m.title)).toEqual(["Rappel : Retard de la veille"]);
  });

  it("a push service error is retried after a while with the same words; a 410 removes the subscription", async () => {
    at("2026-12-14", "10:00");
    await createTask(ctx, await tok(a.delegue), { titre: "Service indisponible", date: "2026-12-16", heure: "08:00" });
    at("2026-12-15", "18:00");
    const from = push.received.length;
    push.answer = 503;
    expect(await tick()).toMatchObject({ claimed: 2, retry: 2 });
    push.answer = 201;
    expect((await tick()).claimed).toBe(0); // not yet stale
    ctx.clock.now += STALE_MS + 1;
    expect(await tick()).toMatchObject({ claimed: 2, sent: 2 });
    const retried = push.received.slice(from).filter((r) => phone.endpoint.endsWith(r.path));
    expect(retried).toHaveLength(2);
    expect(retried[0]!.headers.topic).toBe(retried[1]!.headers.topic);
    expect(messages(phone, from).map((m) => m.tag)).toEqual([messages(phone, from)[0]!.tag, messages(phone, from)[0]!.tag]);

    const gone = await subscribe(await tok(a.etudiant), "etudiant-old-phone");
    push.answer = 410;
    expect((await ctx.request("POST", "/api/reminders/test", { token: await tok(a.etudiant) })).status).toBe(200);
    push.answer = 201;
    expect(await ctx.deps.db.select().from(reminderDevices).where(eq(reminderDevices.id, gone.id))).toEqual([]);
  });

  it("a digest groups the day's tasks in one message", async () => {
    const { sub } = await subscribe(await tok(a.delegue), "delegue-phone");
    await settings(await tok(a.delegue), { digest: true, digestTime: "19:00" });
    at("2027-01-04", "10:00");
    for (const [titre, date, heure] of [
      ["Lecture", "2027-01-05", "08:00"],
      ["TP réseau", "2027-01-06", "14:00"],
      ["Plus tard", "2027-01-08", "10:00"],
    ]) {
      await createTask(ctx, await tok(a.delegue), { titre, date, heure });
    }
    await createTask(ctx, await tok(a.delegue), { titre: "Partiel", type: "exam", date: "2027-01-06", heure: "09:00" });
    const from = push.received.length;
    at("2027-01-05", "18:59");
    await tick();
    expect(messages(sub, from)).toEqual([]);
    at("2027-01-05", "19:00");
    await tick();
    at("2027-01-05", "19:30");
    await tick();
    expect(messages(sub, from)).toEqual([
      {
        title: "Vos échéances : 2 tâches à venir",
        body: "• Examen de Développement web : Partiel (demain à 09:00)\n• Devoir de Développement web : TP réseau (demain à 14:00)",
        tag: "resume-2027-01-05",
        url: "/devoirs",
      },
    ]);
  });
});

describe("housekeeping", () => {
  it("old deliveries are forgotten, but never the key of a deadline still ahead", async () => {
    const count = async () => (await ctx.deps.db.select().from(reminderDeliveries)).length;
    const before = await count();
    at("2027-06-01", "10:00");
    const future = await createTask(ctx, await tok(a.delegue), { titre: "Très loin", date: "2028-01-10", heure: "10:00" });
    await ctx.deps.db.insert(reminderDeliveries).values({
      userId: a.eleve.id,
      taskId: future.id,
      lead: "h2",
      channel: "x",
      deadlineAt: Date.parse("2028-01-10T09:00:00Z"),
      status: "sent",
      claimedAt: Date.parse("2026-01-01T00:00:00Z"),
      claimedBy: "old",
    });
    const removed = await pruneDeliveries(ctx.deps, ctx.clock.now);
    expect(removed).toBe(before);
    expect((await ctx.deps.db.select().from(reminderDeliveries)).map((r) => r.taskId)).toEqual([future.id]);
  });
});

describe("other channels", () => {
  it("a desktop window fetches its reminders, then acknowledges them", async () => {
    const res = await ctx.request("POST", "/api/reminders/subscriptions", {
      token: await tok(a.etudiant),
      body: { kind: "desktop", label: "Planify Desktop" },
    });
    const device = ((await res.json()) as { device: { id: string } }).device.id;
    at("2027-02-01", "10:00");
    await createTask(ctx, await tok(a.delegue), { titre: "Pour le bureau", date: "2027-02-03", heure: "10:00" });
    at("2027-02-02", "18:00");
    await tick();
    await tick();
    const pending = await ctx.request("GET", `/api/reminders/pending?device=${device}`, { token: await tok(a.etudiant) });
    const list = ((await pending.json()) as { notifications: { id: number; title: string }[] }).notifications;
    expect(list.map((n) => n.title)).toEqual(["Rappel : Pour le bureau"]);
    expect(
      (await ctx.request("POST", "/api/reminders/pending/ack", { token: await tok(a.etudiant), body: { device, ids: [list[0]!.id] } }))
        .status,
    ).toBe(200);
    const after = await ctx.request("GET", `/api/reminders/pending?device=${device}`, { token: await tok(a.etudiant) });
    expect(((await after.json()) as { notifications: unknown[] }).notifications).toEqual([]);
    // Another student cannot read it.
    expect((await ctx.request("GET", `/api/reminders/pending?device=${device}`, { token: await tok(a.eleve) })).status).toBe(404);
  });

  it("e-mail goes out once when SMTP is set, and only once the student confirmed the address", async () => {
    const user = await ctx.user({ role: "eleve", username: "eleve-mail" });
    const rappels = () =>
      mails.filter((m) => m.to === "eleve.mail@exemple.fr" && m.subject.startsWith("Rappel")).map((m) => [m.subject, m.text]);
    at("2027-03-01", "10:00");
    await createTask(ctx, await tok(a.delegue), { titre: "Avant confirmation", date: "2027-03-03", heure: "10:00" });
    at("2027-03-02", "17:00");
    await settings(await tok(user), { email: "eleve.mail@exemple.fr" });
    at("2027-03-02", "18:00");
    await tick();
    expect(rappels()).toEqual([]);
    const link = mails.find((m) => m.to === "eleve.mail@exemple.fr" && m.subject === "Confirmez votre adresse pour les rappels Planify")!;
    const token = link.text.match(/confirmer-email#([\w-]+)/)![1]!;
    expect((await ctx.request("POST", "/api/reminders/email/confirm", { body: { token } })).status).toBe(200);
    await createTask(ctx, await tok(a.delegue), { titre: "Par courriel", date: "2027-03-04", heure: "10:00" });
    at("2027-03-03", "18:00");
    await tick();
    await tick();
    expect(rappels()).toEqual([["Rappel : Par courriel", "Devoir de Développement web à rendre demain à 10:00."]]);
    const rows = await ctx.deps.db
      .select()
      .from(reminderDeliveries)
      .where(and(eq(reminderDeliveries.userId, user.id), eq(reminderDeliveries.channel, "email")));
    expect(rows.map((r) => r.status)).toEqual(["sent"]);
  });

  it("'Envoyer un essai' reaches the device with French words, at most every 20 seconds", async () => {
    const user = await ctx.user({ role: "eleve", username: "eleve-essai" });
    const { sub } = await subscribe(await tok(user), "essai-phone");
    const from = push.received.length;
    const res = await ctx.request("POST", "/api/reminders/test", { token: await tok(user) });
    expect(await res.json()).toMatchObject({ success: true, push: 1, desktop: 0, email: false, message: "Essai envoyé (1 destination)." });
    expect(messages(sub, from).map((m) => [m.title, m.body])).toEqual([["Essai de rappel", "Les rappels Planify arrivent bien ici."]]);
    const again = await ctx.request("POST", "/api/reminders/test", { token: await tok(user) });
    expect(again.status).toBe(429);
    ctx.clock.now += 20_000;
    expect((await ctx.request("POST", "/api/reminders/test", { token: await tok(user) })).status).toBe(200);
  });
});

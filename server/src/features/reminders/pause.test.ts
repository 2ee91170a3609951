import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { parisToUtc } from "@planify/common/time/paris-time";
import { createActors, createTestApp, type Actors, type TestContext } from "../../../test/helpers";
import { decryptPush, startPushStandIn, type BrowserSubscription, type PushStandIn } from "../../../test/push-stand-in";
import { reminderDeliveries } from "../../db/schema";
import { createTask } from "../tasks/test-support";
import { runReminderTick } from "./dispatch";
import { generateVapidKeys } from "./vapid";

// Reminders on hold: school holidays (unless the student keeps them) and « mode vacances ».
// Through the real tick to the push service stand-in, as dispatch.test.ts does.
let ctx: TestContext;
let a: Actors;
let push: PushStandIn;
const vapid = generateVapidKeys("mailto:rappels@planify.test");

beforeAll(async () => {
  push = startPushStandIn();
  ctx = createTestApp({
    vapid,
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

async function tok(u: { username: string; password: string }): Promise<string> {
  const res = await ctx.request("POST", "/api/users/login", { body: { username: u.username, password: u.password } });
  return ((await res.json()) as { token: string }).token;
}
const at = (date: string, time: string) => (ctx.clock.now = parisToUtc(date, time));
async function subscribe(token: string, name: string): Promise<BrowserSubscription> {
  const sub = push.subscribe(name);
  const res = await ctx.request("POST", "/api/reminders/subscriptions", {
    token,
    body: { kind: "push", subscription: { endpoint: sub.endpoint, keys: sub.keys }, label: name },
  });
  expect(res.status).toBe(201);
  return sub;
}
const titles = (sub: BrowserSubscription) =>
  push.received.filter((r) => sub.endpoint.endsWith(r.path)).map((r) => (decryptPush(sub, r.body) as { title: string }).title);
const task = async (titre: string, date: string, heure = "08:30") => createTask(ctx, await tok(a.delegue), { titre, date, heure });

describe("reminders during the school holidays", () => {
  let eleve: BrowserSubscription;
  let etudiant: BrowserSubscription;
  it("are not sent on a holiday, are sent to the student who kept them, and the last day of the holidays reminds again", async () => {
    at("2026-12-01", "10:00");
    const admin = await tok(a.admin);
    const noel = { label: "Vacances de Noël", firstDay: "2026-12-19", lastDay: "2027-01-03" };
    expect((await ctx.request("POST", "/api/holidays", { token: admin, body: noel })).status).toBe(201);
    eleve = await subscribe(await tok(a.eleve), "eleve");
    etudiant = await subscribe(await tok(a.etudiant), "etudiant");
    const keep = await ctx.request("PUT", "/api/reminders/holidays", { token: await tok(a.etudiant), body: { pauseInHolidays: false } });
    expect(await keep.json()).toMatchObject({
      message: "Tes rappels continueront pendant les vacances scolaires.",
      pause: { pauseInHolidays: false, pausedUntil: null },
    });
    await task("Lecture de Noël", "2026-12-23");
    await task("Exposé de rentrée", "2027-01-04");

    at("2026-12-22", "18:00");
    await runReminderTick(ctx.deps, "run-1");
    expect(titles(eleve)).toEqual([]);
    expect(titles(etudiant)).toEqual(["Rappel : Lecture de Noël"]);
    const settings = await ctx.request("GET", "/api/reminders/settings", { token: await tok(a.eleve) });
    expect(await settings.json()).toMatchObject({ pause: { pauseInHolidays: true, pausedUntil: null, holidayNow: "Vacances de Noël" } });

    at("2027-01-03", "18:00");
    await runReminderTick(ctx.deps, "run-1");
    expect(titles(eleve)).toEqual(["Rappel : Exposé de rentrée"]);
    expect(titles(etudiant)).toEqual(["Rappel : Lecture de Noël", "Rappel : Exposé de rentrée"]);
    // The one held back is recorded as skipped: it never goes out later.
    const held = await ctx.deps.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.status, "skipped"));
    expect(held.map((d) => d.userId)).toEqual([a.eleve.id]);
  });
});

describe("« mode vacances »", () => {
  it("refuses bad dates in French and is for students only", async () => {
    at("2027-02-01", "10:00");
    const t = await tok(a.delegue);
    const put = async (until: string) => {
      const res = await ctx.request("PUT", "/api/reminders/pause", { token: t, body: { until } });
      return [res.status, ((await res.json()) as { message: string }).message];
    };
    expect(await put("2027-02-01")).toEqual([400, "Choisis une date après aujourd'hui."]);
    expect(await put("2027-02-31")).toEqual([400, "Choisis une date valide pour la reprise de tes rappels."]);
    expect(await put("2028-02-02")).toEqual([400, "Tu peux mettre tes rappels en pause pour un an au plus."]);
    expect(await put("2028-02-01")).toEqual([200, "Rappels en pause jusqu'au 01/02/2028 inclus."]);
    const resumed = await ctx.request("DELETE", "/api/reminders/pause", { token: t });
    expect(await resumed.json()).toMatchObject({ message: "Rappels repris.", pause: { pausedUntil: null } });
    const prof = await ctx.request("PUT", "/api/reminders/pause", { token: await tok(a.prof), body: { until: "2027-02-10" } });
    expect(prof.status).toBe(403);
  });

  it("holds reminders through the chosen date, skips what fell due (no burst), and resumes the day after by itself", async () => {
    at("2027-03-01", "10:00");
    const t = await tok(a.delegue);
    const phone = await subscribe(t, "delegue");
    expect((await ctx.request("PUT", "/api/reminders/pause", { token: t, body: { until: "2027-03-10" } })).status).toBe(200);
    await task("Rapport de stage", "2027-03-11", "20:00");
    await task("Partiel de maths", "2027-03-12");

    at("2027-03-10", "18:00");
    await runReminderTick(ctx.deps, "run-1");
    expect(titles(phone)).toEqual([]);
    // The day after: the reminder due during the pause (deadline still ahead) is not sent late…
    at("2027-03-11", "09:00");
    await runReminderTick(ctx.deps, "run-1");
    expect(titles(phone)).toEqual([]);
    // …and the next one goes out as usual.
    at("2027-03-11", "18:00");
    await runReminderTick(ctx.deps, "run-1");
    expect(titles(phone)).toEqual(["Rappel : Partiel de maths"]);
    const view = await ctx.request("GET", "/api/reminders/settings", { token: t });
    expect(await view.json()).toMatchObject({ pause: { pausedUntil: null, holidayNow: null } });
  });
});

import { first } from "../../db/engine";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminJournal, rollovers, users } from "../../db/schema";
import { createActors, scenarioTests, type Actors, type Scenario, type TestUser } from "../../../test/helpers";
import { fileBackedApp } from "./test-support";

const PREVIEW = "/api/admin/rollover/preview";
const refused = (as: Scenario["as"], status: number, url = PREVIEW): Scenario => ({
  name: "admin only",
  method: "POST",
  url,
  as,
  body: {},
  status,
  ...(status === 403 ? { expect: { success: false, code: "FORBIDDEN" } } : {}),
});

describe("who may run the rollover", () => {
  const env = {} as { ctx: ReturnType<typeof fileBackedApp>; actors: Actors };
  beforeAll(async () => {
    env.ctx = fileBackedApp();
    env.actors = await createActors(env.ctx);
  });
  afterAll(() => env.ctx.close());
  scenarioTests(
    [
      refused("guest", 401),
      refused("eleve", 403),
      refused("delegue", 403),
      refused("prof", 403),
      refused("eleve", 403, "/api/admin/rollover"),
      refused("delegue", 403, "/api/admin/rollover"),
      refused("prof", 403, "/api/admin/rollover"),
      {
        name: "students never read the archives",
        method: "GET",
        url: "/api/admin/rollover/archives?year=2026-2027",
        as: "eleve",
        status: 403,
      },
      { name: "profs read the archives", method: "GET", url: "/api/admin/rollover/archives?year=2026-2027", as: "prof", status: 200 },
      {
        name: "the admin previews",
        method: "POST",
        url: PREVIEW,
        as: "admin",
        body: {},
        status: 200,
        expect: { schoolYear: "2026-2027", counts: { promotedBut1: 3, graduatesDeactivated: 0 } },
      },
      {
        name: "the school setting « délai avant suppression des diplômés » defaults to 6 months",
        method: "GET",
        url: "/api/admin/school-settings",
        as: "admin",
        status: 200,
        expect: { settings: { graduateErasureMonths: 6 } },
      },
      {
        name: "the admin sets the delay to 12 months",
        method: "PUT",
        url: "/api/admin/school-settings",
        as: "admin",
        body: { graduateErasureMonths: 12 },
        status: 200,
        expect: { settings: { graduateErasureMonths: 12 } },
      },
      {
        name: "the preview takes the school's delay",
        method: "POST",
        url: PREVIEW,
        as: "admin",
        body: {},
        status: 200,
        expect: { graduateErasureMonths: 12, eraseAfter: "2027-11-16T09:00:00.000Z" },
      },
      {
        name: "a malformed year is refused in French",
        method: "POST",
        url: PREVIEW,
        as: "admin",
        body: { schoolYear: "2026" },
        status: 400,
        expect: { message: "Année scolaire invalide : écris-la comme « 2025-2026 »." },
      },
    ],
    () => env,
  );
});

describe("a double click runs the rollover once", () => {
  const ctx = fileBackedApp();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await ctx.user({ role: "admin", username: "admin" });
    await ctx.user({ role: "eleve", year: "BUT1" });
  });
  afterAll(() => ctx.close());

  it("two POSTs at once: one wins, the other gets 409 and nothing is applied twice", async () => {
    const send = () => ctx.request("POST", "/api/admin/rollover", { token: admin.token, body: {} });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await ctx.deps.db.select().from(rollovers)).toHaveLength(1);
    expect(await ctx.deps.db.select().from(users).where(eq(users.year, "BUT3"))).toHaveLength(0);
    expect(await ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "rollover.run"))).toHaveLength(1);
  });
});

describe("a backup that cannot be written changes nothing", () => {
  let ctx: ReturnType<typeof fileBackedApp>;
  let admin: TestUser;
  beforeAll(async () => {
    const probe = fileBackedApp();
    const blocker = join(probe.dataDir, "pas-un-dossier");
    writeFileSync(blocker, "x");
    probe.close();
    ctx = fileBackedApp(join(blocker, "sauvegardes"));
    admin = await ctx.user({ role: "admin", username: "admin" });
    await ctx.user({ role: "eleve", username: "lea", year: "BUT1" });
  });
  afterAll(() => ctx.close());

  it("answers 503 BACKUP_FAILED in French; no student moved, no rollover row", async () => {
    const res = await ctx.request("POST", "/api/admin/rollover", { token: admin.token, body: {} });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      code: "BACKUP_FAILED",
      message: "Sauvegarde impossible avant la clôture : rien n'a été modifié. Un élément du chemin n'est pas un dossier (ENOTDIR)",
    });
    expect((await first(ctx.deps.db.select().from(users).where(eq(users.username, "lea"))))!.year).toBe("BUT1");
    expect(await ctx.deps.db.select().from(rollovers)).toHaveLength(0);
  });
});

describe("a deactivated graduate may only download their data and sign out", () => {
  const env = {} as { ctx: ReturnType<typeof fileBackedApp>; actors: Actors };
  let oldToken = "";
  beforeAll(async () => {
    env.ctx = fileBackedApp();
    const ctx = env.ctx;
    const admin = await ctx.user({ role: "admin", username: "admin" });
    const grad = await ctx.user({ role: "eleve", username: "diplomee", year: "BUT3" });
    oldToken = grad.token;
    const run = await ctx.request("POST", "/api/admin/rollover", { token: admin.token, body: {} });
    if (run.status !== 200) throw new Error(await run.text());
    const login = await ctx.request("POST", "/api/users/login", { body: { username: "diplomee", password: grad.password } });
    const json = (await login.json()) as { token: string; user: { deactivatedAt?: string; eraseAfter?: string } };
    if (login.status !== 200 || json.user.eraseAfter !== "2027-05-16T09:00:00.000Z") throw new Error(JSON.stringify(json));
    // The graduate plays the "eleve" actor of the rows below.
    env.actors = { eleve: { ...grad, token: json.token }, admin } as Actors;
  });
  afterAll(() => env.ctx.close());

  it("the session from before the rollover no longer works", async () => {
    expect((await env.ctx.request("GET", "/api/events", { token: oldToken })).status).toBe(401);
  });

  const desactive = { success: false, code: "COMPTE_DESACTIVE" };
  scenarioTests(
    [
      { name: "the task list is refused", method: "GET", url: "/api/events", as: "eleve", status: 403, expect: desactive },
      { name: "the calendar feed address is refused", method: "GET", url: "/api/calendar/me", as: "eleve", status: 403, expect: desactive },
      {
        name: "writing is refused",
        method: "POST",
        url: "/api/personal-tasks",
        as: "eleve",
        body: { titre: "x", date: "2026-11-20", heure: "10:00" },
        status: 403,
        expect: desactive,
      },
      { name: "reading their own session works", method: "GET", url: (a) => `/api/users/${a.eleve.id}`, as: "eleve", status: 200 },
      {
        name: "another profile is refused",
        method: "GET",
        url: (a) => `/api/users/${a.admin.id}`,
        as: "eleve",
        status: 403,
        expect: desactive,
      },
      {
        name: "the data export is let through: the graduate downloads their data",
        method: "GET",
        url: "/api/privacy/me/export",
        as: "eleve",
        status: 200,
      },
      {
        name: "the admin reactivates the account",
        method: "POST",
        url: (a) => `/api/admin/users/${a.eleve.id}/reactivate`,
        as: "admin",
        status: 200,
        expect: { message: "Compte réactivé." },
      },
      { name: "once reactivated, the list works again", method: "GET", url: "/api/events", as: "eleve", status: 200 },
      {
        name: "reactivating an active account is refused",
        method: "POST",
        url: (a) => `/api/admin/users/${a.eleve.id}/reactivate`,
        as: "admin",
        status: 409,
        expect: { message: "Ce compte n'est pas désactivé." },
      },
      // Last: signing out ends this session (« Mes appareils »), so the token works no more.
      { name: "signing out works", method: "DELETE", url: "/api/users/session", as: "eleve", status: 200 },
    ],
    () => env,
  );
});

describe("the graduates' delay chosen in the wizard becomes the school's", () => {
  const ctx = fileBackedApp();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await ctx.user({ role: "admin", username: "admin" });
    await ctx.user({ role: "eleve", username: "zoe", year: "BUT3" });
  });
  afterAll(() => ctx.close());

  it("a run with 12 months erases graduates 12 months later, and the settings and the privacy notice say 12", async () => {
    const before = await ctx.request("GET", "/api/admin/school-settings", { token: admin.token });
    expect(((await before.json()) as { settings: { graduateErasureMonths: number } }).settings.graduateErasureMonths).toBe(6);
    const res = await ctx.request("POST", "/api/admin/rollover", { token: admin.token, body: { graduateErasureMonths: 12 } });
    expect(res.status).toBe(200);
    const zoe = (await first(ctx.deps.db.select().from(users).where(eq(users.username, "zoe"))))!;
    expect(Date.parse(zoe.eraseAfter!) - Date.parse(zoe.deactivatedAt!)).toBeGreaterThan(364 * 86_400_000);
    const after = await ctx.request("GET", "/api/admin/school-settings", { token: admin.token });
    expect(((await after.json()) as { settings: { graduateErasureMonths: number } }).settings.graduateErasureMonths).toBe(12);
    const notice = JSON.stringify(await (await ctx.request("GET", "/api/privacy/notice")).json());
    expect(notice).toContain("effacés 12 mois plus tard");
  });
});

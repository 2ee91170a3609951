import { first } from "../../db/engine";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { adminJournal, tasks, users } from "../../db/schema";
import { appPerFile, createTestApp, everyActor, scenarioTests } from "../../../test/helpers";
import { json } from "../coins/test-kit";
import { createTask, FIXTURES, filesForm, listFiles } from "../tasks/test-support";
import { deleteExpiredTasks, runDailyPrivacyJob } from "./retention";

// Retention of class tasks (N school years), the notice built from the settings, the
// processing record, the erasure request, and who may call each route.

const admins = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 };
const signedIn = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
const everyone = { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };

describe("who may call the privacy routes", () => {
  const env = appPerFile();
  scenarioTests(
    [
      ...everyActor({ method: "GET", url: "/api/privacy/notice" }, everyone, "the notice is public"),
      ...everyActor({ method: "GET", url: "/api/privacy/me/erasure" }, signedIn, "own status", {
        200: { success: true, selfService: false, requestedAt: null },
      }),
      ...everyActor({ method: "GET", url: "/api/admin/privacy/retention" }, admins, "next deletion", { 200: { success: true, years: 2 } }),
      ...everyActor({ method: "GET", url: "/api/admin/privacy/record" }, admins, "processing record"),
      ...everyActor(
        { method: "POST", url: "/api/privacy/me/erasure", body: { confirmation: "supprimer" } },
        { ...signedIn, eleve: 400, etudiant: 400, delegue: 400, prof: 400, admin: 400 },
        "the confirmation must be typed exactly",
      ),
      ...everyActor(
        { method: "POST", url: "/api/privacy/me/erasure", body: { confirmation: "SUPPRIMER" } },
        { ...signedIn, admin: 409 },
        "a request waits for an admin",
        {
          200: {
            success: true,
            erased: false,
            message: "Ta demande d'effacement est envoyée : un administrateur effacera ton compte et tes données.",
          },
          409: {
            code: "CONFLICT",
            message: "Un compte administrateur ne peut pas être effacé depuis le profil : un autre administrateur doit le faire.",
          },
        },
      ),
      ...everyActor({ method: "DELETE", url: (a) => `/api/users/${a.eleve.id}` }, { ...admins, admin: 200 }, "an admin erases a student"),
    ],
    () => env,
  );
  it("the admin list shows the pending requests; the request is journaled", async () => {
    const res = await env.ctx.request("GET", "/api/users/admin", { token: env.actors.admin.token });
    const list = (await json(res)).users as { username: string; erasureRequestedAt?: string | null }[];
    expect(list.find((u) => u.username === "delegue")?.erasureRequestedAt).toBe("2026-11-16T09:00:00.000Z");
    expect(list.find((u) => u.username === "admin")?.erasureRequestedAt).toBeNull();
    const entries = await env.ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "privacy.erasure-request"));
    expect(entries.map((e) => e.summary)).toContain("delegue demande l'effacement de son compte");
  });
});

describe("withdrawing a request", () => {
  const env = appPerFile();
  scenarioTests(
    [
      { name: "a request", method: "POST", url: "/api/privacy/me/erasure", as: "eleve", body: { confirmation: "SUPPRIMER" }, status: 200 },
      ...everyActor({ method: "DELETE", url: "/api/privacy/me/erasure" }, signedIn, "withdrawn", {
        200: { success: true, message: "Ta demande d'effacement est annulée." },
      }),
      { name: "none left", method: "GET", url: "/api/privacy/me/erasure", as: "eleve", status: 200, expect: { requestedAt: null } },
    ],
    () => env,
  );
});

describe("self-service erasure", () => {
  const env = appPerFile();
  it("erases at once when the school allows it", async () => {
    const { ctx, actors } = env;
    const put = await ctx.request("PUT", "/api/admin/school-settings", { token: actors.admin.token, body: { selfServiceErasure: true } });
    expect(put.status).toBe(200);
    const res = await ctx.request("POST", "/api/privacy/me/erasure", { token: actors.eleve.token, body: { confirmation: "SUPPRIMER" } });
    expect(await json(res)).toMatchObject({ erased: true, message: "Ton compte et tes données ont été effacés." });
    expect(await first(ctx.deps.db.select().from(users).where(eq(users.id, actors.eleve.id)))).toBeUndefined();
    expect((await ctx.request("GET", "/api/privacy/me/erasure", { token: actors.eleve.token })).status).toBe(401);
  });
});

describe("retention of class tasks", () => {
  const env = appPerFile();
  it("deletes a task of N+1 school years ago with its files, keeps one of N years ago; journaled with counts", async () => {
    const { ctx, actors } = env;
    // 2026-11-16: school year 2026-2027; N = 2 keeps 2024-2025 on, deletes 2023-2024 and older.
    const old = await createTask(ctx, actors.prof.token, { date: "2024-07-31", submissionEnabled: true });
    const kept = await createTask(ctx, actors.prof.token, { date: "2024-08-01", submissionEnabled: true });
    for (const t of [old, kept]) {
      const up = await ctx.request("POST", `/api/events/${t.id}/attachments`, {
        token: actors.prof.token,
        body: filesForm([["sujet.pdf", FIXTURES.pdf()]]),
      });
      expect(up.status).toBeLessThan(300);
    }
    const preview = await json(await ctx.request("GET", "/api/admin/privacy/retention", { token: actors.admin.token }));
    expect(preview).toMatchObject({ years: 2, before: "2024-08-01", tasks: 1, files: 1, at: "2026-11-17T03:15:00.000Z" });
    expect(await deleteExpiredTasks(ctx.deps)).toMatchObject({ tasks: 1, files: 1 });
    expect((await ctx.deps.db.select({ id: tasks.id }).from(tasks)).map((t) => t.id)).toEqual([kept.id]);
    const files = listFiles(ctx.deps.uploadsDir).join("\n");
    expect(files).toContain(kept.id);
    expect(files).not.toContain(old.id);
    const entry = await first(ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "privacy.retention")));
    expect(entry?.summary).toBe("1 devoir(s) et 1 fichier(s) d'avant le 2024-08-01 supprimés (conservation : 2 année(s) scolaire(s))");
    // Next: the first run of 2027-2028 takes 2024-2025.
    const next = await json(await ctx.request("GET", "/api/admin/privacy/retention", { token: actors.admin.token }));
    expect(next).toMatchObject({ before: "2025-08-01", tasks: 1, files: 1, at: "2027-08-01T02:15:00.000Z" });
  });

  it("follows the school's setting (1 to 10 years)", async () => {
    const { ctx, actors } = env;
    const bad = await ctx.request("PUT", "/api/admin/school-settings", { token: actors.admin.token, body: { retentionYears: 11 } });
    expect(bad.status).toBe(400);
    await ctx.request("PUT", "/api/admin/school-settings", { token: actors.admin.token, body: { retentionYears: 1 } });
    expect(await deleteExpiredTasks(ctx.deps)).toMatchObject({ tasks: 1 });
    expect(await ctx.deps.db.select().from(tasks)).toEqual([]);
  });
});

describe("the graduates' deletion", () => {
  it("erases a deactivated graduate once the date the rollover set has passed, and no one else", async () => {
    const ctx = createTestApp();
    try {
      const due = await ctx.user({ role: "eleve", username: "diplome.parti", year: "BUT3" });
      const later = await ctx.user({ role: "eleve", username: "diplome.recent", year: "BUT3" });
      const active = await ctx.user({ role: "eleve", username: "toujours.la", year: "BUT2" });
      // What the rollover writes for a graduate (features/rollover): deactivated now, erased after the delay.
      const deactivate = async (id: string, eraseAfter: string) =>
        await ctx.deps.db.update(users).set({ deactivatedAt: "2026-07-01T08:00:00.000Z", eraseAfter }).where(eq(users.id, id));
      await deactivate(due.id, "2026-11-16T08:59:00.000Z");
      await deactivate(later.id, "2026-11-16T09:01:00.000Z");

      expect(await runDailyPrivacyJob(ctx.deps)).toMatchObject({ accounts: 1 });
      const left = (await ctx.deps.db.select({ username: users.username }).from(users)).map((u) => u.username);
      expect(left).not.toContain("diplome.parti");
      expect(left).toEqual(expect.arrayContaining(["diplome.recent", "toujours.la"]));
      const entry = await ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.adminUsername, "Planify (automatique)"));
      expect(JSON.stringify(entry)).not.toContain("diplome.parti");
      expect(entry.length).toBeGreaterThan(0);
      // The next day, the second one's date has passed too; the active student is never touched.
      ctx.clock.now += 24 * 3600 * 1000;
      expect(await runDailyPrivacyJob(ctx.deps)).toMatchObject({ accounts: 1 });
      expect(await first(ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.id, active.id)))).toBeTruthy();
      expect(await first(ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.id, later.id)))).toBeUndefined();
    } finally {
      ctx.close();
    }
  });
});

describe("the privacy notice and the processing record", () => {
  const env = appPerFile();
  it("state the configured controller, DPO, retention and the real cookies", async () => {
    const { ctx, actors } = env;
    const body = {
      controllerName: "IUT de Lannion",
      controllerAddress: "rue Édouard Branly, 22300 Lannion",
      dpoEmail: "dpo@iut-lannion.fr",
      retentionYears: 3,
    };
    const put = await ctx.request("PUT", "/api/admin/school-settings", { token: actors.admin.token, body });
    expect(put.status).toBe(200);
    const text = JSON.stringify((await json(await ctx.request("GET", "/api/privacy/notice"))).notice);
    for (const s of [
      "IUT de Lannion, rue Édouard Branly, 22300 Lannion",
      "dpo@iut-lannion.fr",
      "3 années scolaires",
      "effacés 6 mois plus tard",
      "planify_session",
      "planify_device",
      "CNIL",
      "Mes données",
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toContain("l'établissement n'a pas activé de sauvegarde automatique");
    const record = await ctx.request("GET", "/api/admin/privacy/record", { token: actors.admin.token });
    expect(record.headers.get("content-disposition")).toMatch(/registre-des-traitements-2026-11-16\.md/);
    const md = await record.text();
    expect(md).toContain("- Responsable du traitement : IUT de Lannion");
    expect(md).toContain(
      "| Durée de conservation | 3 année(s) scolaire(s) après l'année du devoir ; comptes des diplômés : 6 mois après leur désactivation |",
    );
    const journal = await first(ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "school.privacy")));
    expect(journal?.summary).toBe(
      "Réglages des données personnelles modifiés : conservation des devoirs, responsable du traitement, adresse, contact du DPO",
    );
  });

  it("states the backup rotation when nightly backups run", async () => {
    const { ctx } = env;
    ctx.deps.settings.nightlyBackups = true;
    const text = JSON.stringify((await json(await ctx.request("GET", "/api/privacy/notice"))).notice);
    expect(text).toContain("les 7 dernières copies quotidiennes et une copie par semaine sur 4 semaines");
    ctx.deps.settings.nightlyBackups = false;
  });
});

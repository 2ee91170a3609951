import { first } from "../../db/engine";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminJournal, rollovers, users } from "../../db/schema";
import { restoreBackup } from "../../backup/restore";
import { createActors, type Actors } from "../../../test/helpers";
import { createTask, visibleIds } from "../tasks/test-support";
import { fileBackedApp, importStudents } from "./test-support";

const PER_YEAR = 500;
const EXPECTED = {
  // 500 imported BUT1 + the three student actors (BUT1), minus one repeating.
  promotedBut1: PER_YEAR + 3 - 1,
  promotedBut2: PER_YEAR - 1,
  repeating: 3,
  graduatesDeactivated: PER_YEAR - 1,
  tasksArchived: 2,
  groupsReset: 0,
};
const choice = { repeating: ["stu-but1-0001", "STU-BUT3-0002"], repeatingCsv: "identifiant;nom\nstu-but2-0003;Durand\n" };

describe("rollover on 1,500 imported students", () => {
  const ctx = fileBackedApp();
  let actors: Actors;
  let classTask: string;
  let personalTask: string;
  const userRow = async (username: string) => (await first(ctx.deps.db.select().from(users).where(eq(users.usernameKey, username))))!;

  beforeAll(async () => {
    actors = await createActors(ctx);
    await importStudents(ctx, PER_YEAR);
    classTask = (await createTask(ctx, actors.prof.token)).id;
    await createTask(ctx, actors.prof.token, { titre: "Partiel", type: "exam", year: "BUT2" });
    const res = await ctx.request("POST", "/api/personal-tasks", {
      token: actors.eleve.token,
      body: { titre: "Réviser", date: "2026-11-25", heure: "18:00" },
    });
    personalTask = ((await res.json()) as { event: { id: string } }).event.id;
  });
  afterAll(() => ctx.close());

  it("the preview counts exactly what would change, and changes nothing", async () => {
    const res = await ctx.request("POST", "/api/admin/rollover/preview", { token: actors.admin.token, body: choice });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { schoolYear: string; counts: unknown; eraseAfter: string; alreadyRun: unknown };
    expect(json).toMatchObject({ schoolYear: "2026-2027", counts: EXPECTED, eraseAfter: "2027-05-16T09:00:00.000Z", alreadyRun: null });
    expect((await userRow("stu-but1-0005")).year).toBe("BUT1");
    expect(await ctx.deps.db.select().from(rollovers)).toHaveLength(0);
  });

  it("an unknown repeating username is named back in French and nothing changes", async () => {
    const res = await ctx.request("POST", "/api/admin/rollover", {
      token: actors.admin.token,
      body: { repeating: ["stu-but1-0001", "personne.inconnue"] },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Identifiant inconnu parmi les redoublants : personne.inconnue. Rien n'a été modifié.",
    );
    expect((await userRow("stu-but1-0005")).year).toBe("BUT1");
    expect(existsSync(ctx.backupDir)).toBe(false);
  });

  it("the run backs up first, then promotes, keeps repeaters, deactivates graduates and archives class tasks", async () => {
    const tasksVersion = async () =>
      (await ctx.deps.engine.raw.get<{ version: number }>("SELECT version FROM list_versions WHERE scope = 'tasks'"))!;
    const versionBefore = await tasksVersion();
    const res = await ctx.request("POST", "/api/admin/rollover", { token: actors.admin.token, body: choice });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { counts: unknown; backupName: string; eraseAfter: string };
    expect(json.counts).toEqual(EXPECTED);
    expect(json.backupName).toMatch(/^planify-avant-nouvelle-annee-2026-2027-20261116T090000Z\.tar$/);
    expect(existsSync(join(ctx.backupDir, json.backupName))).toBe(true);
    expect((await userRow("stu-but1-0001")).year).toBe("BUT1");
    expect((await userRow("stu-but1-0005")).year).toBe("BUT2");
    expect((await userRow("eleve")).year).toBe("BUT2");
    expect((await userRow("stu-but2-0003")).year).toBe("BUT2");
    expect((await userRow("stu-but2-0005")).year).toBe("BUT3");
    expect(await userRow("stu-but3-0002")).toMatchObject({ year: "BUT3", deactivatedAt: null });
    expect(await userRow("stu-but3-0005")).toMatchObject({
      deactivatedAt: "2026-11-16T09:00:00.000Z",
      eraseAfter: "2027-05-16T09:00:00.000Z",
      tokenVersion: 2,
    });
    expect(await userRow("prof")).toMatchObject({ deactivatedAt: null, year: "" });
    const versionAfter = await tasksVersion();
    expect(versionAfter.version).toBeGreaterThan(versionBefore.version);
    const journal = await ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "rollover.run"));
    expect(journal).toHaveLength(1);
    expect(journal[0]!.details).toMatchObject({ ...EXPECTED, schoolYear: "2026-2027", backup: json.backupName });
  });

  it("archived tasks leave the student's list (personal tasks stay) and staff read them in the archives, read-only", async () => {
    const ids = await visibleIds(ctx, actors.eleve.token);
    expect(ids).not.toContain(classTask);
    expect(ids).toContain(personalTask);
    expect(await visibleIds(ctx, actors.prof.token)).not.toContain(classTask);
    expect((await ctx.request("GET", `/api/events/${classTask}`, { token: actors.eleve.token })).status).toBe(404);
    const archives = await ctx.request("GET", "/api/admin/rollover/archives?year=2026-2027", { token: actors.prof.token });
    expect(archives.status).toBe(200);
    const listed = ((await archives.json()) as { events: { id: string; titre: string }[] }).events;
    expect(listed.map((e) => e.titre)).toEqual(["Maquette du portfolio", "Partiel"]);
    expect((await ctx.request("GET", `/api/events/${classTask}`, { token: actors.prof.token })).status).toBe(200);
    const edit = await ctx.request("PUT", `/api/events/${classTask}`, { token: actors.prof.token, body: { titre: "Changé" } });
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as { message: string }).message).toBe(
      "Cette tâche est archivée avec l'année 2026-2027 : elle ne peut plus être modifiée.",
    );
    const del = await ctx.request("DELETE", `/api/events/${classTask}/hard`, { token: actors.admin.token });
    expect(del.status).toBe(409);
  });

  it("a second run for the same year is refused with when it ran, and changes nothing", async () => {
    const res = await ctx.request("POST", "/api/admin/rollover", { token: actors.admin.token, body: {} });
    expect(res.status).toBe(409);
    const json = (await res.json()) as { code: string; message: string };
    expect(json.code).toBe("ROLLOVER_DONE");
    expect(json.message).toBe(
      "L'année 2026-2027 a déjà été clôturée le 16/11/2026 à 10:00 par admin : rien n'a été modifié. Pour revenir en arrière, restaurez la sauvegarde prise avant.",
    );
    expect((await userRow("stu-but1-0005")).year).toBe("BUT2");
  });

  it("the backup restores the school as it was before the run", async () => {
    const [name] = (await ctx.deps.db.select({ b: rollovers.backupName }).from(rollovers)).map((r) => r.b);
    const target = mkdtempSync(join(tmpdir(), "planify-rollover-restore-"));
    await restoreBackup(join(ctx.backupDir, name!), target, "test");
    const db = new Database(join(target, "planify.db"), { readonly: true });
    try {
      const count = (sql: string) => (db.query(sql).get() as { n: number }).n;
      expect(count("SELECT count(*) AS n FROM users")).toBe(3 * PER_YEAR + 5);
      expect(count("SELECT count(*) AS n FROM users WHERE year = 'BUT1'")).toBe(PER_YEAR + 3);
      expect(count("SELECT count(*) AS n FROM users WHERE deactivated_at IS NOT NULL")).toBe(0);
      expect(count("SELECT count(*) AS n FROM tasks WHERE archived_year IS NULL")).toBe(2);
    } finally {
      db.close();
    }
  });
});

import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { chosenEngine } from "../../db/engine-choice";
import {
  adminJournal,
  handInFeedback,
  handInOverrides,
  handInVersions,
  patchNotes,
  personalTasks,
  popups,
  redeemCodes,
  reminderSettings,
  ssoProviders,
  taskFiles,
  users,
} from "../../db/schema";
import { isStored } from "../../../test/stored-files";
import { applyLedger } from "../../lib/ledger";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { credit, json } from "../coins/test-kit";
import { form, mp3, png } from "../profiles/test-fixtures";
import { createTask, FIXTURES, filesForm, listFiles } from "../tasks/test-support";

// « Effacer les données »: no row or file keeps the person (on SQLite the database FILE, on
// PostgreSQL every row of every table, and the uploads folder are searched for their username,
// names, e-mail and id), while the ledger's sum, the factions' and seasons' totals stay what they were.

let ctx: TestContext;
let file: DatabaseHandle | null = null;
afterEach(() => {
  ctx?.close();
  file?.close();
  file = null;
});

/** On SQLite an app on a database FILE (WAL), so that its bytes can be searched; on PostgreSQL a fresh database. */
function appOnFile(): { ctx: TestContext; path: string | null } {
  if (chosenEngine() === "postgres") return { ctx: createTestApp(), path: null };
  const dir = mkdtempSync(join(tmpdir(), "planify-erase-"));
  const path = join(dir, "planify.db");
  file = openDatabase(path);
  return { ctx: createTestApp({ db: file.db, engine: file.engine }), path };
}

const totals = async (c: TestContext) => ({
  ledger: await c.deps.engine.raw.get(
    "SELECT SUM(coins_delta) AS c, SUM(leaderboard_delta) AS l, SUM(faction_delta) AS f, COUNT(*) AS n FROM coin_ledger",
  ),
  factions: await c.deps.engine.raw.all("SELECT name, total_coins FROM factions ORDER BY name"),
  seasons: await c.deps.engine.raw.all("SELECT month, bagnat_total, fermier_total FROM seasons ORDER BY month"),
});

/** What the database holds: the file and its WAL on SQLite, every row of every table as text on PostgreSQL. */
async function databaseBytes(c: TestContext, path: string | null): Promise<Buffer> {
  if (path) {
    await c.deps.engine.raw.run("PRAGMA wal_checkpoint(TRUNCATE)");
    return Buffer.concat([readFileSync(path), existsSync(`${path}-wal`) ? readFileSync(`${path}-wal`) : Buffer.alloc(0)]);
  }
  const tables = await c.deps.engine.raw.all<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
  const rows = await Promise.all(
    tables.map(({ name }) => c.deps.engine.raw.get<{ t: string | null }>(`SELECT string_agg(r::text, ' ') AS t FROM "${name}" r`)),
  );
  return Buffer.from(rows.map((r) => r?.t ?? "").join("\n"));
}

/** Every byte of the uploads folder: names and contents. */
function uploadsBytes(root: string): Buffer {
  const parts = listFiles(root).flatMap((rel) => [Buffer.from(rel), readFileSync(join(root, rel))]);
  return Buffer.concat(parts);
}

describe("erasing an account", () => {
  it("leaves no trace of the person in the database file or the uploads folder; totals unchanged", async () => {
    const env = appOnFile();
    ctx = env.ctx;
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const prof = await ctx.user({ role: "prof", username: "m.durand" });
    const lea = await ctx.user({ role: "eleve", username: "lea.quintal", firstName: "Léandrine", lastName: "Quintalou", groupe: "A" });
    const tom = await ctx.user({ role: "eleve", username: "tom.b", groupe: "A" });
    const task = await createTask(ctx, prof.token, { submissionEnabled: true, year: "BUT1" });
    const up = (token: string, url: string, name: string) =>
      ctx.request("POST", url, { token, body: url.endsWith("avatar") ? form("avatar", png(), name) : filesForm([[name, FIXTURES.pdf()]]) });
    expect((await up(lea.token, `/api/events/${task.id}/submissions`, "rendu-lea.pdf")).status).toBeLessThan(300);
    expect((await up(tom.token, `/api/events/${task.id}/submissions`, "rendu-tom.pdf")).status).toBeLessThan(300);
    expect((await up(lea.token, "/api/users/upload-avatar", "moi.png")).status).toBe(200);
    expect(
      (await ctx.request("POST", "/api/users/upload-music", { token: lea.token, body: form("music", mp3(), "Ma chanson.mp3") })).status,
    ).toBe(200);
    // Coins, a faction and a season, checks and a personal task; a confirmed reminder address.
    await credit(ctx, lea.id, 300);
    await credit(ctx, tom.id, 50);
    await ctx.deps.engine.raw.run(
      "INSERT INTO factions (name, total_coins) VALUES ('Bagnat', 40) ON CONFLICT(name) DO UPDATE SET total_coins = 40",
    );
    await ctx.deps.engine.raw.run("INSERT INTO seasons (month, opened_at, bagnat_total) VALUES ('2026-11', 0, 40) ON CONFLICT DO NOTHING");
    await ctx.deps.db.update(users).set({ faction: "Bagnat" }).where(eq(users.id, lea.id));
    await ctx.deps.db.transaction((tx) =>
      applyLedger(tx, { userId: lea.id, leaderboardCoins: 40, factionCoins: 40, reason: "test", at: ctx.deps.now() }),
    );
    await ctx.request("PATCH", `/api/events/${task.id}/state`, { token: lea.token, body: { checked: true } });
    await ctx.deps.db.insert(personalTasks).values({
      id: "pt-1",
      ownerId: lea.id,
      titre: "Réviser",
      date: "2026-11-20",
      heure: "10:00",
      deadlineAt: 0,
      note: "Quintalou révise",
      createdAt: "x",
      updatedAt: "x",
    });
    await ctx.deps.db
      .insert(reminderSettings)
      .values({ userId: lea.id, prefs: "{}", email: "leandrine.q@example.org", emailConfirmedAt: 1, updatedAt: 1 });
    // The journal names her: an admin edit of her account and a gift.
    expect((await ctx.request("PUT", `/api/users/${lea.id}`, { token: admin.token, body: { groupe: "B" } })).status).toBe(200);
    expect(
      (
        await ctx.request("POST", "/api/users-admin/gift", {
          token: admin.token,
          body: { target: "users", userIds: [lea.id, tom.id], coins: 5 },
        })
      ).status,
    ).toBe(200);
    // A teacher's extension, feedback and a corrected copy returned to her.
    const returnedKey = `returned/${task.id}/Corrige0123456789abcdef.pdf`;
    await ctx.deps.storage.write(returnedKey, FIXTURES.pdf());
    await ctx.deps.db.insert(taskFiles).values({
      storedName: "Corrige0123456789abcdef.pdf",
      taskId: task.id,
      kind: "returned",
      userId: lea.id,
      originalName: "corrige-lea.pdf",
      ext: "pdf",
      size: FIXTURES.pdf().length,
      createdAt: ctx.deps.now(),
    });
    await ctx.deps.db
      .insert(handInOverrides)
      .values({ taskId: task.id, userId: lea.id, deadlineAt: ctx.deps.now(), updatedAt: 1, updatedBy: prof.id });
    await ctx.deps.db.insert(handInFeedback).values({
      taskId: task.id,
      userId: lea.id,
      comment: "<p>Quintalou progresse</p>",
      updatedAt: 1,
      publishedComment: "<p>Bien</p>",
      publishedAt: 2,
    });
    const before = await totals(ctx);

    const res = await ctx.request("DELETE", `/api/users/${lea.id}`, { token: admin.token });
    expect([res.status, (await json(res)).message]).toEqual([200, "Compte lea.quintal supprimé et données effacées."]);

    // Totals: same ledger sums and row count, same faction and season totals.
    expect(await totals(ctx)).toEqual(before);
    const anonymous = await ctx.deps.engine.raw.all<{ id: string }>(
      "SELECT DISTINCT user_id AS id FROM coin_ledger WHERE user_id LIKE 'anonyme-%'",
    );
    expect(anonymous).toHaveLength(1);
    // The journal keeps the erasure and the older entries, without her.
    const journal = await ctx.deps.db.select().from(adminJournal);
    expect(journal.map((e) => e.action)).toEqual(expect.arrayContaining(["user.update", "gift.global", "user.delete"]));
    expect(journal.find((e) => e.action === "user.delete")).toMatchObject({
      targetUsername: "compte supprimé",
      adminUsername: "direction",
    });
    // Tom's hand-in, the subject's task and Tom stay.
    expect(listFiles(ctx.deps.uploadsDir).join("\n")).toContain(task.id);
    expect(uploadsBytes(ctx.deps.uploadsDir).includes(Buffer.from(lea.id))).toBe(false);
    expect(await isStored(ctx.deps, returnedKey)).toBe(false);
    for (const table of [handInOverrides, handInFeedback, handInVersions])
      expect(await ctx.deps.db.select().from(table).where(eq(table.userId, lea.id))).toEqual([]);

    // The database itself: on SQLite its file once the WAL is folded in.
    const bytes = await databaseBytes(ctx, env.path);
    for (const trace of [
      "lea.quintal",
      "Léandrine",
      "Quintalou",
      "leandrine.q@example.org",
      lea.id,
      "rendu-lea.pdf",
      "corrige-lea.pdf",
      "Ma chanson",
    ]) {
      expect(bytes.includes(Buffer.from(trace)), `${trace} in the database file`).toBe(false);
    }
    for (const kept of ["tom.b", "m.durand", "rendu-tom.pdf"]) expect(bytes.includes(Buffer.from(kept)), kept).toBe(true);
    // Her session is over.
    expect((await ctx.request("GET", "/api/events", { token: lea.token })).status).toBe(401);
    // Four sign-ins (argon2), five uploads and a file database: slow on a loaded CI machine.
  }, 120_000);

  it("an erased admin's pop-ups, codes, patch notes and ENT providers stay, without their id or username", async () => {
    ctx = createTestApp();
    const direction = await ctx.user({ role: "admin", username: "direction" });
    const ancienne = await ctx.user({ role: "admin", username: "ancienne.admin" });
    const at = ctx.deps.now();
    await ctx.deps.db
      .insert(popups)
      .values({ id: "pop-1", html: "<p>Bonjour</p>", target: "all", createdBy: ancienne.id, createdAt: at, seq: 1 });
    await ctx.deps.db.insert(redeemCodes).values({
      id: "code-1",
      code: "RENTREE",
      rewardType: "item",
      items: [1],
      colors: [],
      maxUses: 5,
      createdBy: ancienne.id,
      createdAt: at,
    });
    await ctx.deps.db
      .insert(patchNotes)
      .values({ id: "pn-1", title: "Nouveautés", html: "<p>x</p>", createdBy: ancienne.id, createdAt: at, updatedAt: at });
    await ctx.deps.db
      .insert(ssoProviders)
      .values({ id: "ent", config: {}, createdAt: at, createdBy: "ancienne.admin", updatedAt: at, updatedBy: "ancienne.admin" });
    expect((await ctx.request("DELETE", `/api/users/${ancienne.id}`, { token: direction.token })).status).toBe(200);
    expect(await ctx.deps.db.select({ by: popups.createdBy }).from(popups)).toEqual([{ by: null }]);
    expect(await ctx.deps.db.select({ by: redeemCodes.createdBy }).from(redeemCodes)).toEqual([{ by: null }]);
    expect(await ctx.deps.db.select({ by: patchNotes.createdBy }).from(patchNotes)).toEqual([{ by: null }]);
    expect(await ctx.deps.db.select({ c: ssoProviders.createdBy, u: ssoProviders.updatedBy }).from(ssoProviders)).toEqual([
      { c: "compte supprimé", u: "compte supprimé" },
    ]);
  });

  it("refuses erasing oneself and the last admin; a second erasure is a 404", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const lea = await ctx.user({ role: "eleve", username: "lea" });
    const self = await ctx.request("DELETE", `/api/users/${admin.id}`, { token: admin.token });
    expect([self.status, (await json(self)).message]).toEqual([409, "Vous ne pouvez pas supprimer votre propre compte."]);
    expect((await ctx.request("DELETE", `/api/users/${lea.id}`, { token: admin.token })).status).toBe(200);
    expect((await ctx.request("DELETE", `/api/users/${lea.id}`, { token: admin.token })).status).toBe(404);
  });
});

import { allSql, first } from "../../db/engine";
import { describe, expect, it } from "vitest";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { adminJournal, coinLedger, factions, popups, users } from "../../db/schema";
import { appPerFile, everyActor, scenarioTests, type Scenario } from "../../../test/helpers";
import { credit, fastUsers, json } from "../coins/test-kit";
import { creditFactionTotal } from "../../lib/faction-totals";
import { applyLedger } from "../../lib/ledger";

// The factions section of the admin area: totals, result pop-ups, reset, distribution.

const app = appPerFile();
const adminOnly = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 };
const refused = { 401: { code: "UNAUTHORIZED" }, 403: { code: "FORBIDDEN" } };

const roles: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/factions/total-coins", body: { name: "Bagna", totalCoins: 1200 } },
    adminOnly,
    "only an admin sets a total ('Bagna' is Bagnat)",
    {
      ...refused,
      200: { success: true, faction: { name: "Bagnat", totalCoins: 1200, membersCount: 0 } },
    },
  ),
  ...everyActor({ method: "POST", url: "/api/factions/notify-results" }, adminOnly, "only an admin notifies results", {
    ...refused,
    200: { success: true, notified: 0 },
  }),
  ...everyActor({ method: "POST", url: "/api/factions/reset" }, adminOnly, "only an admin resets the factions", {
    ...refused,
    200: { success: true },
  }),
  ...everyActor(
    { method: "POST", url: "/api/factions/distribute", body: { faction: "Fermier", coins: 10 } },
    adminOnly,
    "only an admin distributes coins",
    {
      ...refused,
      200: { success: true, recipients: 0, coinsEach: 10 },
    },
  ),
  {
    name: "a negative total",
    method: "POST",
    url: "/api/factions/total-coins",
    as: "admin",
    body: { name: "Fermier", totalCoins: -1 },
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "an unknown faction",
    method: "POST",
    url: "/api/factions/total-coins",
    as: "admin",
    body: { name: "Jedi", totalCoins: 5 },
    status: 400,
    expect: { code: "UNKNOWN_FACTION" },
  },
  {
    name: "zero coins each",
    method: "POST",
    url: "/api/factions/distribute",
    as: "admin",
    body: { faction: "Bagnat", coins: 0 },
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "over 100,000 each",
    method: "POST",
    url: "/api/factions/distribute",
    as: "admin",
    body: { faction: "Bagnat", coins: 100_001 },
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "a message over 200 characters",
    method: "POST",
    url: "/api/factions/distribute",
    as: "admin",
    body: { faction: "Bagnat", coins: 5, message: "x".repeat(201) },
    status: 400,
    expect: { code: "VALIDATION" },
  },
];
describe("faction admin routes by role", () => scenarioTests(roles, () => app));

/** Members of each faction with some faction coins, credited the way the wheel does. */
async function members(bagnat: number, fermier: number, factionCoins = 30) {
  const { db } = app.ctx.deps;
  const b = await fastUsers(app.ctx, bagnat, "eleve", "bag");
  const f = await fastUsers(app.ctx, fermier, "eleve", "fer");
  for (const [list, faction] of [
    [b, "Bagnat"],
    [f, "Fermier"],
  ] as const) {
    for (const u of list) {
      await db.update(users).set({ faction }).where(eq(users.id, u.id));
      await db.transaction(async (tx) => {
        await applyLedger(tx, {
          userId: u.id,
          factionCoins: factionCoins,
          leaderboardCoins: factionCoins,
          reason: "test",
          at: app.ctx.deps.now(),
        });
        await creditFactionTotal(tx, faction, factionCoins, app.ctx.deps.now());
      });
    }
  }
  return { b, f };
}

/** Every user's balances equal the sum of their ledger rows (users with no row hold 0). */
async function expectLedgerBalanced() {
  // Numbers as each engine's driver gives them (PostgreSQL's sums are numeric): compared as numbers.
  const rows = await allSql<{ id: string; c: number; l: number; f: number; sc: number; sl: number; sf: number }>(
    app.ctx.deps.db,
    sql`
    SELECT u.id, u.coins c, u.leaderboard_coins l, u.faction_coins f,
      COALESCE(SUM(g.coins_delta),0) sc, COALESCE(SUM(g.leaderboard_delta),0) sl, COALESCE(SUM(g.faction_delta),0) sf
    FROM users u LEFT JOIN coin_ledger g ON g.user_id = u.id GROUP BY u.id`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect([r.c, r.l, r.f].map(Number), r.id).toEqual([r.sc, r.sl, r.sf].map(Number));
}

const post = async (url: string, body?: unknown) => {
  const res = await app.ctx.request("POST", url, { token: app.actors.admin.token, body });
  return { status: res.status, json: await json(res) };
};
const lastJournal = async () => (await first(app.ctx.deps.db.select().from(adminJournal).orderBy(desc(adminJournal.id))))!;
const popupsOf = async (ids: string[]) => await app.ctx.deps.db.select().from(popups).where(inArray(popups.userId, ids));

describe("faction administration", () => {
  it("setting a total keeps the member count and records before/after in the journal", async () => {
    await members(2, 0);
    const before = (await first(app.ctx.deps.db.select().from(factions).where(eq(factions.name, "Bagnat"))))!.totalCoins;
    const res = await post("/api/factions/total-coins", { name: "bagnat", totalCoins: 4321 });
    expect(res.status).toBe(200);
    expect(res.json.faction).toMatchObject({ name: "Bagnat", totalCoins: 4321 });
    expect(res.json.faction.membersCount).toBeGreaterThanOrEqual(2);
    const entry = await lastJournal();
    expect(entry).toMatchObject({
      action: "faction.total",
      adminId: app.actors.admin.id,
      details: { faction: "Bagnat", before, after: 4321 },
    });
  });

  it("notify queues exactly one pop-up per member with the winner, loser or tie wording, and pays nothing", async () => {
    const { b, f } = await members(3, 2);
    await post("/api/factions/total-coins", { name: "Bagnat", totalCoins: 900 });
    await post("/api/factions/total-coins", { name: "Fermier", totalCoins: 400 });
    const coinsBefore = (await first(app.ctx.deps.db.select({ n: sql<number>`sum(coins)`.mapWith(Number) }).from(users)))!.n;
    const allMembers = await app.ctx.deps.db.select({ id: users.id }).from(users).where(sql`${users.faction} IS NOT NULL`);

    const res = await post("/api/factions/notify-results");
    expect(res.status).toBe(200);
    expect(res.json.notified).toBe(allMembers.length);
    const queued = await popupsOf(allMembers.map((m) => m.id));
    expect(queued).toHaveLength(allMembers.length);
    expect(new Set(queued.map((p) => p.userId)).size).toBe(allMembers.length);
    for (const p of await popupsOf(b.map((u) => u.id)))
      expect(p.html).toContain("🏆 Bagnat remporte la manche ! Bravo à toute ta faction.");
    for (const p of await popupsOf(f.map((u) => u.id))) expect(p.html).toContain("Bagnat remporte la manche. Fermier s'est bien battue");
    expect(queued[0]!.html).toContain("Bagnat : <strong>900</strong> coins · Fermier : <strong>400</strong> coins.");
    expect(queued[0]!.html).not.toContain("Planify Coins");
    expect((await first(app.ctx.deps.db.select({ n: sql<number>`sum(coins)`.mapWith(Number) }).from(users)))!.n).toBe(coinsBefore);
    expect(await lastJournal()).toMatchObject({
      action: "faction.notify",
      details: { notified: allMembers.length, totals: { Bagnat: 900, Fermier: 400 } },
    });

    // A tie: both sides read the tie wording.
    await app.ctx.deps.db.delete(popups);
    await post("/api/factions/total-coins", { name: "Fermier", totalCoins: 900 });
    await post("/api/factions/notify-results");
    const tie = await popupsOf(allMembers.map((m) => m.id));
    expect(tie).toHaveLength(allMembers.length);
    for (const p of tie) expect(p.html).toContain("Égalité parfaite entre Bagnat et Fermier ! Aucune faction ne l'emporte pour l'instant.");
  });

  it("reset zeroes every faction balance through the ledger and both totals; wallets and leaderboard stay", async () => {
    const { b } = await members(2, 2, 75);
    await credit(app.ctx, b[0]!.id, 120);
    const res = await post("/api/factions/reset");
    expect(res.status).toBe(200);
    expect(res.json.usersReset).toBeGreaterThanOrEqual(4);
    expect(res.json.message).toContain("remis à zéro");
    const { db } = app.ctx.deps;
    expect(
      (await first(
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(users)
          .where(sql`${users.factionCoins} > 0`),
      ))!.n,
    ).toBe(0);
    expect((await db.select().from(factions)).map((r) => r.totalCoins)).toEqual([0, 0]);
    const me = (await first(db.select().from(users).where(eq(users.id, b[0]!.id))))!;
    expect(me).toMatchObject({ coins: 120, leaderboardCoins: 75, factionCoins: 0 });
    expect((await db.select().from(coinLedger).where(eq(coinLedger.userId, b[0]!.id))).at(-1)).toMatchObject({
      reason: "faction-reset",
      factionDelta: -75,
    });
    await expectLedgerBalanced();
    expect(await lastJournal()).toMatchObject({
      action: "faction.reset",
      details: { usersReset: res.json.usersReset, after: { Bagnat: 0, Fermier: 0 } },
    });
  });

  it("distribute pays every member of one faction in the wallet only, tells them, and keeps the ledger balanced", async () => {
    const { b, f } = await members(3, 1, 10);
    const bagnatIds = (await app.ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.faction, "Bagnat"))).map((r) => r.id);
    const before = new Map((await app.ctx.deps.db.select().from(users)).map((u) => [u.id, u]));
    const totalBefore = (await first(app.ctx.deps.db.select().from(factions).where(eq(factions.name, "Bagnat"))))!.totalCoins;

    const res = await post("/api/factions/distribute", { faction: "Bagna", coins: 250, message: "Merci <b>à tous</b>" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ recipients: bagnatIds.length, coinsEach: 250 });
    for (const u of await app.ctx.deps.db.select().from(users)) {
      const was = before.get(u.id)!;
      const paid = bagnatIds.includes(u.id) ? 250 : 0;
      expect([u.coins, u.leaderboardCoins, u.factionCoins], u.username).toEqual([was.coins + paid, was.leaderboardCoins, was.factionCoins]);
    }
    expect((await first(app.ctx.deps.db.select().from(factions).where(eq(factions.name, "Bagnat"))))!.totalCoins).toBe(totalBefore);
    const told = (await popupsOf(b.map((u) => u.id))).filter((p) => p.html.includes("250 Planify Coins pour Bagnat"));
    expect(told).toHaveLength(3);
    expect(told[0]!.html).toContain("Merci &#60;b&#62;à tous&#60;/b&#62;");
    expect((await popupsOf(f.map((u) => u.id))).filter((p) => p.html.includes("Planify Coins pour"))).toHaveLength(0);
    await expectLedgerBalanced();
    expect(await lastJournal()).toMatchObject({
      action: "faction.distribute",
      details: { faction: "Bagnat", coinsEach: 250, recipients: bagnatIds.length, total: 250 * bagnatIds.length },
    });
  });
});

describe("OpenAPI reference", () => {
  it("documents the faction admin calls with a French description", async () => {
    const res = await app.ctx.request("GET", "/api/openapi.json");
    const doc = (await res.json()) as { paths: Record<string, Record<string, { summary?: string; description?: string }>> };
    for (const path of ["/api/factions/total-coins", "/api/factions/notify-results", "/api/factions/reset", "/api/factions/distribute"]) {
      expect(doc.paths[path]?.post?.description, path).toMatch(/^Admin\./);
    }
    const page = await (await app.ctx.request("GET", "/api/reference")).text();
    expect(page).toContain("Distribuer des coins aux membres d&#39;une faction");
  });
});

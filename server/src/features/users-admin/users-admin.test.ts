import { first } from "../../db/engine";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { eq } from "drizzle-orm";
import { adminJournal, coinLedger, factions, userItems, users } from "../../db/schema";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { openDatabase } from "../../db/client";
import { createTask, FIXTURES, filesForm, listFiles } from "../tasks/test-support";
import { credit, fastUsers, json } from "../coins/test-kit";
import { grantTarget } from "../items/ownership";
import { resolveTarget } from "../items/refs";
import { form, mp3, png } from "../profiles/test-fixtures";
import { applyLedger } from "../../lib/ledger";
import { chosenEngine } from "../../db/engine-choice";

let ctx: TestContext;
afterEach(() => ctx?.close());

const owned = async (userId: string) =>
  (await ctx.deps.db.select({ itemId: userItems.itemId }).from(userItems).where(eq(userItems.userId, userId)))
    .map((r) => r.itemId)
    .sort((a, b) => a - b);

/** Every account's ledger sums equal its balances. */
async function expectLedgerBalanced() {
  const rows = (await ctx.deps.engine.raw.all(`SELECT u.id, u.coins, u.leaderboard_coins AS lb, u.faction_coins AS fc,
              COALESCE(SUM(l.coins_delta),0) AS c, COALESCE(SUM(l.leaderboard_delta),0) AS l, COALESCE(SUM(l.faction_delta),0) AS f
            FROM users u LEFT JOIN coin_ledger l ON l.user_id = u.id GROUP BY u.id`)) as {
    coins: number;
    lb: number;
    fc: number;
    c: number;
    l: number;
    f: number;
  }[];
  // Compared as numbers: PostgreSQL's driver gives bigints and sums as text.
  for (const r of rows) expect([r.c, r.l, r.f].map(Number)).toEqual([r.coins, r.lb, r.fc].map(Number));
  return rows.length;
}

describe("bulk give and bulk remove", () => {
  it("counts every (user, item) pair: given, already owned, not owned", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const people = await fastUsers(ctx, 40);
    // 5 already own item 3, 2 already own the gold colour.
    for (const p of people.slice(0, 5))
      await grantTarget(ctx.deps.db, { userId: p.id, target: await resolveTarget(ctx.deps.db, 3), source: "test", at: 0 });
    for (const p of people.slice(5, 7))
      await grantTarget(ctx.deps.db, { userId: p.id, target: await resolveTarget(ctx.deps.db, "gold"), source: "test", at: 0 });
    const ids = people.map((p) => p.id);
    const give = await ctx.request("POST", "/api/users-admin/bulk-give", {
      token: admin.token,
      body: { userIds: ids, items: [3, 7], colors: ["gold"], adminMessage: "Bravo la promo !" },
    });
    expect(give.status).toBe(200);
    const given = await json(give);
    expect(given.summary).toMatchObject({ done: 113, alreadyOwned: 7, notOwned: 0, failed: 0, borderColors: 38 });
    expect(given.message).toBe("113 donnés, 7 déjà possédés.");
    expect(await owned(ids[10]!)).toEqual([3, 7, (await resolveTarget(ctx.deps.db, "gold")).legacyId]);
    const gift = (await ctx.deps.db.select().from(userItems).where(eq(userItems.userId, ids[10]!)))[0]!;
    expect([gift.adminMessage, gift.adminGiftRead]).toEqual(["Bravo la promo !", false]);

    // Planify (28) cannot be given: a failure per user, with the reason, and nothing else is lost.
    const refused = await json(
      await ctx.request("POST", "/api/users-admin/bulk-give", { token: admin.token, body: { userIds: ids.slice(0, 4), items: [28, 9] } }),
    );
    expect(refused.summary).toMatchObject({ done: 4, failed: 4 });
    expect(refused.summary.failures[0]).toMatch(/Planify/);

    const remove = await json(
      await ctx.request("POST", "/api/users-admin/bulk-remove", { token: admin.token, body: { userIds: ids, items: [9, 3] } }),
    );
    expect(remove.summary).toMatchObject({ done: 44, notOwned: 36, failed: 0 });
    expect(await owned(ids[0]!)).toEqual([7, (await resolveTarget(ctx.deps.db, "gold")).legacyId]);

    const empty = await ctx.request("POST", "/api/users-admin/bulk-remove", { token: admin.token, body: { userIds: ids, items: [] } });
    expect([empty.status, (await json(empty)).message]).toEqual([400, "Sélectionnez au moins un item à retirer."]);
    const journal = await ctx.deps.db.select().from(adminJournal);
    expect(journal.map((j) => j.action)).toEqual(["items.bulk-give", "items.bulk-give", "items.bulk-remove"]);
    expect(journal[0]).toMatchObject({ adminUsername: "direction", details: expect.objectContaining({ users: 40, done: 113 }) });
  });
});

describe("global gift", () => {
  it("a gift of −50 coins never takes a wallet below 0, and says so in a pop-up", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const [a, b, c] = await fastUsers(ctx, 3);
    await credit(ctx, b!.id, 20);
    await credit(ctx, c!.id, 100);
    const res = await ctx.request("POST", "/api/users-admin/gift", {
      token: admin.token,
      body: { target: "users", userIds: [a!.id, b!.id, c!.id], coins: -50, adminMessage: "Erreur <b>corrigée</b>" },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ recipients: 3, coinsMoved: -70 });
    const wallets: number[] = [];
    for (const u of [a, b, c])
      wallets.push((await first(ctx.deps.db.select({ coins: users.coins }).from(users).where(eq(users.id, u!.id))))!.coins);
    expect(wallets).toEqual([0, 0, 50]);
    await expectLedgerBalanced();
    const popup = await json(await ctx.request("GET", "/api/popups/for-me", { token: c!.token }));
    expect(popup.html).toContain("retiré 50 Planify Coins");
    expect(popup.html).toContain("Erreur &lt;b&gt;corrigée&lt;/b&gt;");
    // Nobody who lost nothing gets a pop-up.
    expect((await ctx.request("GET", "/api/popups/for-me", { token: a!.token })).status).toBe(204);
  });

  it("gives items and coins to everyone; refuses an empty gift", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const people = await fastUsers(ctx, 4);
    const res = await json(
      await ctx.request("POST", "/api/users-admin/gift", { token: admin.token, body: { target: "all", items: [26], coins: 25 } }),
    );
    expect(res).toMatchObject({ recipients: 5, coinsMoved: 125, summary: { done: 5 } });
    expect(await owned(people[0]!.id)).toEqual([26]);
    expect(
      await first(ctx.deps.db.select({ coins: users.coins, lb: users.leaderboardCoins }).from(users).where(eq(users.id, people[0]!.id))),
    ).toEqual({ coins: 25, lb: 25 });
    const none = await ctx.request("POST", "/api/users-admin/gift", {
      token: admin.token,
      body: { target: "users", userIds: [], coins: 5 },
    });
    expect([none.status, (await json(none)).message]).toEqual([400, "Choisissez au moins un destinataire."]);
    const nothing = await ctx.request("POST", "/api/users-admin/gift", { token: admin.token, body: { target: "all", coins: 0 } });
    expect(nothing.status).toBe(400);
    const tooMuch = await ctx.request("POST", "/api/users-admin/gift", { token: admin.token, body: { target: "all", coins: -100_001 } });
    expect(tooMuch.status).toBe(400);
    await expectLedgerBalanced();
  });
});

describe("deleting a user", () => {
  it("removes their hand-ins from disk, keeps attachments of their tasks, and every ledger sum still equals the balances", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const prof = await ctx.user({ role: "prof", username: "m.durand" });
    const student = await ctx.user({ role: "eleve", username: "lea", year: "BUT1", groupe: "A" });
    const other = await ctx.user({ role: "eleve", username: "tom", year: "BUT1", groupe: "A" });
    const task = await createTask(ctx, prof.token, { submissionEnabled: true, year: "BUT1" });
    const up = (token: string, url: string, name: string) =>
      ctx.request("POST", url, { token, body: url.endsWith("avatar") ? form("avatar", png(), name) : filesForm([[name, FIXTURES.pdf()]]) });
    expect((await up(prof.token, `/api/events/${task.id}/attachments`, "sujet.pdf")).status).toBeLessThan(300);
    expect((await up(student.token, `/api/events/${task.id}/submissions`, "rendu-lea.pdf")).status).toBeLessThan(300);
    expect((await up(other.token, `/api/events/${task.id}/submissions`, "rendu-tom.pdf")).status).toBeLessThan(300);
    await credit(ctx, student.id, 300);
    // Léa brought 40 coins to Bagnat this season.
    await ctx.deps.engine.raw.run(
      "INSERT INTO factions (name, total_coins) VALUES ('Bagnat', 40) ON CONFLICT(name) DO UPDATE SET total_coins = 40",
    );
    await ctx.deps.db.update(users).set({ faction: "Bagnat" }).where(eq(users.id, student.id));
    await ctx.deps.db.transaction((tx) => applyLedger(tx, { userId: student.id, factionCoins: 40, reason: "test", at: ctx.deps.now() }));
    await ctx.request("POST", "/api/coins/purchase", { token: student.token, body: { itemId: 1 } });
    expect((await up(student.token, "/api/users/upload-avatar", "moi.png")).status).toBe(200);
    const song = await ctx.request("POST", "/api/users/upload-music", {
      token: student.token,
      body: form("music", mp3(), "Ma chanson.mp3"),
    });
    expect(song.status).toBe(200);
    expect((await up(other.token, "/api/users/upload-avatar", "tom.png")).status).toBe(200);
    expect(listFiles(ctx.deps.uploadsDir)).toHaveLength(6);

    const res = await ctx.request("DELETE", `/api/users/${student.id}`, { token: admin.token });
    expect([res.status, (await json(res)).message]).toEqual([200, "Compte lea supprimé et données effacées."]);
    // The subject and Tom's hand-in and avatar stay; Léa's hand-in, avatar and music are gone.
    const left = listFiles(ctx.deps.uploadsDir);
    expect(left).toHaveLength(3);
    expect(left.join("\n")).not.toContain(student.id);
    expect(await ctx.deps.db.select().from(coinLedger).where(eq(coinLedger.userId, student.id))).toEqual([]);
    expect(await expectLedgerBalanced()).toBe(3);
    expect(await first(ctx.deps.db.select({ t: factions.totalCoins }).from(factions).where(eq(factions.name, "Bagnat")))).toEqual({
      t: 40,
    });
    // The student's session is over; the professor still finds the other hand-in and the subject.
    expect((await ctx.request("GET", "/api/events", { token: student.token })).status).toBe(401);
    const subs = await json(await ctx.request("GET", `/api/events/${task.id}/submissions`, { token: prof.token }));
    expect(JSON.stringify(subs)).toContain("rendu-tom.pdf");
    expect(JSON.stringify(subs)).not.toContain("rendu-lea.pdf");
    expect(
      (await json(await ctx.request("GET", `/api/events/${task.id}/attachments`, { token: prof.token }))).attachments ?? [],
    ).toHaveLength(1);
    // The journal keeps the erasure, without who it was.
    const entry = (await first(ctx.deps.db.select().from(adminJournal).where(eq(adminJournal.action, "user.delete"))))!;
    expect(entry).toMatchObject({ targetUsername: "compte supprimé", adminUsername: "direction" });
    expect((await ctx.request("DELETE", `/api/users/${student.id}`, { token: admin.token })).status).toBe(404);
  });

  it("an admin cannot delete or demote themself, nor remove the last admin", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const self = await ctx.request("DELETE", `/api/users/${admin.id}`, { token: admin.token });
    expect([self.status, (await json(self)).message]).toEqual([409, "Vous ne pouvez pas supprimer votre propre compte."]);
    const demote = await ctx.request("PUT", `/api/users/${admin.id}`, { token: admin.token, body: { role: "eleve", year: "BUT1" } });
    expect([demote.status, (await json(demote)).message]).toEqual([409, "Vous ne pouvez pas retirer votre propre rôle d'administrateur."]);
  });
});

describe("editing a user", () => {
  it("a role change grants or removes Planify (28), prof forces Promo, balances go through the ledger", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const lea = await ctx.user({ role: "eleve", username: "lea", year: "BUT2", groupe: "B", specialite: "devweb" });
    const up = (body: unknown) => ctx.request("PUT", `/api/users/${lea.id}`, { token: admin.token, body });
    const promoted = await json(await up({ role: "admin" }));
    expect(promoted.user).toMatchObject({ role: "admin", groupe: "Promo", year: "", specialite: "" });
    expect(await owned(lea.id)).toContain(28);
    const prof = await json(await up({ role: "prof", coins: 70, factionCoins: 3 }));
    expect(prof.user).toMatchObject({ role: "prof", coins: 70, factionCoins: 3 });
    expect(await owned(lea.id)).not.toContain(28);
    const back = await up({ role: "etudiant" });
    expect([back.status, (await json(back)).message]).toEqual([400, "Veuillez sélectionner une année."]);
    expect((await json(await up({ role: "etudiant", year: "BUT1", groupe: "A'" }))).user).toMatchObject({
      role: "eleve",
      year: "BUT1",
      groupe: "A'",
    });
    await expectLedgerBalanced();
    const taken = await up({ username: "  Direction " });
    expect([taken.status, (await json(taken)).message]).toEqual([409, "Ce nom d'utilisateur est déjà utilisé."]);
    const short = await up({ password: "court" });
    expect(short.status).toBe(400);
    // A new password ends the user's sessions; an empty one changes nothing.
    expect((await up({ password: "" })).status).toBe(200);
    expect((await ctx.request("GET", "/api/events", { token: lea.token })).status).toBe(200);
    expect((await up({ password: "nouveau-mot-de-passe" })).status).toBe(200);
    expect((await ctx.request("GET", "/api/events", { token: lea.token })).status).toBe(401);
    const actions = (await ctx.deps.db.select({ a: adminJournal.action }).from(adminJournal)).map((r) => r.a);
    expect(actions).toEqual(["user.update", "user.update", "user.update", "user.update"]);
  });

  it("secret questions: exactly 3 distinct, answers never shown", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const lea = await ctx.user({ role: "eleve", username: "lea", year: "BUT2" });
    const two = await ctx.request("PUT", `/api/users/${lea.id}`, {
      token: admin.token,
      body: {
        secretQuestions: [
          { question: "Q1", answer: "a" },
          { question: "Q2", answer: "b" },
          { question: "Q3", answer: " " },
        ],
      },
    });
    expect([two.status, (await json(two)).message]).toEqual([400, "Veuillez remplir les 3 questions et réponses."]);
    const same = await ctx.request("PUT", `/api/users/${lea.id}`, {
      token: admin.token,
      body: {
        secretQuestions: [
          { question: "Q1", answer: "a" },
          { question: "q1", answer: "b" },
          { question: "Q3", answer: "c" },
        ],
      },
    });
    expect(same.status).toBe(400);
    const ok = await ctx.request("PUT", `/api/users/${lea.id}`, {
      token: admin.token,
      body: {
        secretQuestions: [
          { question: "Q1", answer: "Chat" },
          { question: "Q2", answer: "b" },
          { question: "Q3", answer: "c" },
        ],
      },
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).user.hasSecretQuestions).toBe(true);
    // A refused edit writes nothing: the questions stay, and the journal has the one good edit.
    const clash = await ctx.request("PUT", `/api/users/${lea.id}`, {
      token: admin.token,
      body: {
        username: "direction",
        secretQuestions: [
          { question: "Q4", answer: "x" },
          { question: "Q5", answer: "y" },
          { question: "Q6", answer: "z" },
        ],
      },
    });
    expect([clash.status, (await json(clash)).message]).toEqual([409, "Ce nom d'utilisateur est déjà utilisé."]);
    expect(await ctx.deps.db.select({ a: adminJournal.action }).from(adminJournal)).toEqual([{ a: "user.questions" }]);
    const profile = await json(await ctx.request("GET", `/api/users/${lea.id}`, { token: admin.token }));
    expect(profile.secretQuestions).toEqual([{ question: "Q1" }, { question: "Q2" }, { question: "Q3" }]);
    expect(JSON.stringify(profile)).not.toContain("Chat");
  });
});

describe("items and avatar", () => {
  it("remove-all keeps the account's own items and resets the border; avatar URLs must be http(s)", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const [u] = await fastUsers(ctx, 1);
    for (const ref of [3, 27, "gold"])
      await grantTarget(ctx.deps.db, { userId: u!.id, target: await resolveTarget(ctx.deps.db, ref), source: "test", at: 0 });
    await ctx.deps.db.update(users).set({ selectedBorderColor: "gold", equippedItemId: 3 }).where(eq(users.id, u!.id));
    expect((await ctx.request("DELETE", `/api/users/${u!.id}/items`, { token: admin.token })).status).toBe(200);
    expect(await owned(u!.id)).toEqual([27]);
    expect(
      await first(ctx.deps.db.select({ b: users.selectedBorderColor, e: users.equippedItemId }).from(users).where(eq(users.id, u!.id))),
    ).toEqual({ b: "default", e: null });

    const post = (avatar: string) =>
      ctx.request("POST", "/api/users-admin", { token: admin.token, body: { action: "set-avatar-url", userId: u!.id, avatar } });
    const bad = await post("javascript:alert(1)");
    expect([bad.status, (await json(bad)).message]).toEqual([400, "URL invalide : elle doit commencer par http:// ou https://."]);
    const blank = await post("   ");
    expect([blank.status, (await json(blank)).message]).toEqual([400, "Une URL est requise."]);
    expect((await post("https://cdn.exemple.fr/avatar.png")).status).toBe(200);
    const row = (await first(ctx.deps.db.select({ a: users.avatar, v: users.avatarVersion }).from(users).where(eq(users.id, u!.id))))!;
    expect(row).toEqual({ a: "https://cdn.exemple.fr/avatar.png", v: 1 });
  });

  it("POST /users-admin failures carry success false and an error text for the admin screen", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const res = await ctx.request("POST", "/api/users-admin", {
      token: admin.token,
      body: { action: "set-border-color", userId: "00000000-0000-4000-8000-000000000000", colorId: "gold" },
    });
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ success: false, message: "Utilisateur introuvable.", error: "Utilisateur introuvable." });
    const other = await json(await ctx.request("PUT", `/api/users/${admin.id}`, { token: admin.token, body: { username: "" } }));
    expect(other.error).toBeUndefined();
  });

  it("the export is UTF-8 with a BOM and neutralises spreadsheet formulas", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    await ctx.user({ role: "eleve", username: "=cmd", year: "BUT1", lastName: 'Dupont; "le grand"' });
    const res = await ctx.request("GET", "/api/users-admin/export", { token: admin.token });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toContain(`'=cmd;;"Dupont; ""le grand""";Étudiant;BUT1`);
  });
});

describe("the full admin list", () => {
  // Counts the statements SQLite compiles (its own in-memory database): SQLite only.
  it.skipIf(chosenEngine() === "postgres")(
    "answers a 1,500-account school in a few queries (no query per account), with each account's items",
    async () => {
      const handle = openDatabase(":memory:");
      onTestFinished(() => handle.close());
      ctx = createTestApp({ db: handle.db, engine: handle.engine });
      const admin = await ctx.user({ role: "admin", username: "direction" });
      const people = await fastUsers(ctx, 1500);
      await ctx.deps.db.transaction(async (tx) => {
        for (const p of people)
          for (const ref of [3, "gold"])
            await grantTarget(tx, { userId: p.id, target: await resolveTarget(tx, ref), source: "test", at: 0 });
      });
      const prepare = vi.spyOn(handle.sqlite, "prepare");
      const res = await ctx.request("GET", "/api/users/admin", { token: admin.token });
      const queries = prepare.mock.calls.length;
      prepare.mockRestore();
      expect(res.status).toBe(200);
      const list = (await json(res)).users as { id: string; purchasedItems: { itemId: number }[] }[];
      expect(list).toHaveLength(1501);
      expect(list.find((u) => u.id === people[700]!.id)!.purchasedItems.map((i) => i.itemId)).toEqual([
        3,
        (await resolveTarget(ctx.deps.db, "gold")).legacyId,
      ]);
      // The spy sees the statements (the session lookup and the lists), and only a handful.
      expect(queries).toBeGreaterThan(2);
      expect(queries).toBeLessThan(12);
      // 3,000 awaited grants to set up: more than the default 30 s on a loaded 2-core machine.
    },
    90_000,
  );
});

describe("the OpenAPI reference", () => {
  it("describes each users admin route and the journal in French", async () => {
    ctx = createTestApp();
    const doc = await json(await ctx.request("GET", "/api/openapi.json"));
    const routes: [string, string][] = [
      ["/api/users-admin", "get"],
      ["/api/users-admin", "post"],
      ["/api/users-admin/bulk-give", "post"],
      ["/api/users-admin/bulk-remove", "post"],
      ["/api/users-admin/gift", "post"],
      ["/api/users-admin/export", "get"],
      ["/api/users/admin", "get"],
      ["/api/users/{id}", "put"],
      ["/api/users/{id}", "delete"],
      ["/api/users/{id}/items", "delete"],
      ["/api/admin-journal", "get"],
    ];
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, `${method} ${path}`).toBeTruthy();
      expect(op?.description, `${method} ${path}`).toMatch(/^Admin\./);
    }
  });
});

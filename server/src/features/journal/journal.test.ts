import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { json } from "../coins/test-kit";
import { createTask } from "../tasks/test-support";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("the admin journal", () => {
  it("records each admin write once, with its action and target, and lists them with filters", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const lea = await ctx.user({ role: "eleve", username: "lea.martin", year: "BUT1" });
    const send = async (method: string, url: string, body?: unknown) => {
      const res = await ctx.request(method, url, { token: admin.token, body });
      expect(res.status, `${method} ${url}`).toBeLessThan(300);
      return json(res);
    };
    const expected: [string, string | null][] = [];
    const step = async (action: string, target: string | null, run: () => Promise<unknown>) => {
      await run();
      expected.push([action, target]);
    };
    await step("user.create", "tom", () =>
      send("POST", "/api/users/register", { username: "tom", password: "motdepasse-1", role: "eleve", year: "BUT2" }),
    );
    await step("user.questions", "lea.martin", () =>
      send("POST", "/api/users/secret-questions", {
        username: "lea.martin",
        secretQuestions: [
          { question: "Q1", answer: "a" },
          { question: "Q2", answer: "b" },
          { question: "Q3", answer: "c" },
        ],
      }),
    );
    await step("items.give", "lea.martin", () => send("POST", `/api/users/${lea.id}/give-item`, { itemId: 26, adminMessage: "Bravo" }));
    await step("items.remove", "lea.martin", () => send("POST", `/api/users/${lea.id}/remove-item`, { itemId: 26 }));
    await step("coins.set", "lea.martin", () => send("POST", "/api/users-admin", { action: "update-coins", userId: lea.id, coins: 120 }));
    await step("border.set", "lea.martin", () =>
      send("POST", "/api/users-admin", { action: "set-border-color", userId: lea.id, colorId: "gold" }),
    );
    const code = await send("POST", "/api/redeem-codes/generate", { rewardType: "item", itemId: 26 });
    expected.push(["code.create", null]);
    await step("code.delete", null, () => send("DELETE", `/api/redeem-codes/${code.redeemCode.id}`));
    await step("popup.send", "lea.martin", () =>
      send("POST", "/api/popups/send", { target: "user", userId: lea.id, html: "<p>Salut</p>" }),
    );
    const note = await send("POST", "/api/patch-notes", {
      title: "1.8",
      version: "1.8.0",
      html: "<p>Nouveau</p>",
      notify: true,
      published: false,
    });
    expected.push(["patch-note.create", null]);
    await step("patch-note.update", null, () =>
      send("PUT", `/api/patch-notes/${note.note.id}`, {
        title: "1.8",
        version: "1.8.0",
        html: "<p>Nouveau</p>",
        notify: true,
        published: true,
      }),
    );
    await step("patch-note.delete", null, () => send("DELETE", `/api/patch-notes/${note.note.id}`));
    await step("shop.reroll", null, () => send("POST", "/api/coins/weekly-items/reroll"));
    await step("subject.write", null, () => send("POST", "/api/subjects", { name: "Robotique", color: "#3B82F6" }));
    await step("subject.write", null, () => send("POST", "/api/subjects/rules", { subjectName: "Intégration", yearsAllowed: ["BUT2"] }));
    const task = await createTask(ctx, admin.token, { year: "BUT1" });
    expected.push(["task.create", null]);
    await step("task.hard-delete", null, () => send("DELETE", `/api/events/${task.id}/hard`));

    const all = await send("GET", "/api/admin-journal?limit=200");
    const got = [...all.entries].reverse().map((e: { action: string; targetUsername: string | null }) => [e.action, e.targetUsername]);
    expect(got).toEqual(expected);
    expect(all.entries[0]).toMatchObject({ adminUsername: "direction", summary: expect.stringContaining("supprimée définitivement") });
    // Journal summaries elide « de » before a vowel: « Règle d'Intégration », never « Règle de Intégration ».
    expect(all.entries.map((e: { summary: string }) => e.summary)).toContain("Règle d'Intégration enregistrée");
    expect(all.admins).toEqual([{ id: admin.id, username: "direction" }]);
    expect(all.actions).toContain("items.give");

    const coins = await send("GET", "/api/admin-journal?action=coins.set");
    expect(coins.entries).toHaveLength(1);
    expect(coins.entries[0].details).toEqual({ coins: { before: 0, after: 120 } });
    const aboutLea = await send("GET", "/api/admin-journal?user=LEA");
    expect(aboutLea.entries).toHaveLength(6);
    const page = await send("GET", "/api/admin-journal?limit=5");
    expect(page.entries).toHaveLength(5);
    const next = await send("GET", `/api/admin-journal?limit=5&before=${page.nextBefore}`);
    expect(next.entries[0].id).toBeLessThan(page.entries[4].id);
    const today = await send("GET", "/api/admin-journal?from=2026-11-16&to=2026-11-16");
    expect(today.entries.length).toBe(all.entries.length);
    const yesterday = await send("GET", "/api/admin-journal?to=2026-11-15");
    expect(yesterday.entries).toEqual([]);
    // Wildcards in the search are literal.
    expect((await send("GET", "/api/admin-journal?user=%25")).entries).toEqual([]);
  });

  it("every users admin write, daily-shop edit and subject edit leaves exactly one entry with its action and target", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    const lea = await ctx.user({ role: "eleve", username: "lea.martin", year: "BUT1" });
    const tom = await ctx.user({ role: "eleve", username: "tom", year: "BUT1" });
    const send = async (method: string, url: string, body?: unknown) => {
      const res = await ctx.request(method, url, { token: admin.token, body });
      expect(res.status, `${method} ${url}`).toBeLessThan(300);
      return json(res);
    };
    const count = async () => (await ctx.deps.engine.raw.get<{ n: number }>("SELECT CAST(COUNT(*) AS INTEGER) AS n FROM admin_journal"))!;
    const latest = () => ctx.deps.engine.raw.get("SELECT action, target_username AS target FROM admin_journal ORDER BY id DESC LIMIT 1");
    const step = async (action: string, target: string | null, run: () => Promise<unknown>) => {
      const before = (await count()).n;
      await run();
      expect((await count()).n, action).toBe(before + 1);
      expect(await latest(), action).toEqual({ action, target });
    };
    const questions = [
      { question: "Q1", answer: "a" },
      { question: "Q2", answer: "b" },
      { question: "Q3", answer: "c" },
    ];
    await step("user.update", "lea.martin", () => send("PUT", `/api/users/${lea.id}`, { groupe: "B", coins: 10 }));
    await step("coins.set", "lea.martin", () => send("PUT", `/api/users/${lea.id}`, { coins: 30, factionCoins: 2 }));
    await step("user.questions", "lea.martin", () => send("PUT", `/api/users/${lea.id}`, { secretQuestions: questions }));
    await step("coins.set", "lea.martin", () =>
      send("POST", "/api/users-admin", { action: "update-leaderboard-coins", userId: lea.id, leaderboardCoins: 5 }),
    );
    await step("coins.set", "lea.martin", () =>
      send("POST", "/api/users-admin", { action: "update-faction-coins", userId: lea.id, factionCoins: 4 }),
    );
    await step("user.avatar", "lea.martin", () =>
      send("POST", "/api/users-admin", { action: "set-avatar-url", userId: lea.id, avatar: "https://exemple.fr/a.png" }),
    );
    await step("items.bulk-give", null, () => send("POST", "/api/users-admin/bulk-give", { userIds: [lea.id, tom.id], items: [3] }));
    await step("items.bulk-remove", "tom", () => send("POST", "/api/users-admin/bulk-remove", { userIds: [tom.id], items: [3] }));
    await step("gift.global", null, () => send("POST", "/api/users-admin/gift", { target: "all", coins: 5, adminMessage: "Merci" }));
    await step("items.clear", "lea.martin", () => send("DELETE", `/api/users/${lea.id}/items`));
    await step("user.delete", "compte supprimé", () => send("DELETE", `/api/users/${tom.id}`));

    const shop = (await send("GET", "/api/coins/weekly-items")).weeklyItems.map((e: { kind: string; id: string }) => `${e.kind}:${e.id}`);
    const extra = [1, 2, 3, 4, 5, 6, 7].find((id) => !shop.includes(`item:${id}`))!;
    await step("shop.edit", null, () => send("POST", "/api/coins/weekly-items/test-add", { legacyId: extra }));
    await step("shop.edit", null, () => send("POST", "/api/coins/weekly-items/test-remove", { legacyId: extra }));
    const subject = await send("POST", "/api/subjects", { name: "Robotique", color: "#3B82F6" });
    await step("subject.write", null, () => send("PUT", `/api/subjects/${subject.subject.id}`, { name: "Robotique 2" }));
    await step("subject.write", null, () => send("DELETE", `/api/subjects/${subject.subject.id}`));
    await step("subject.write", null, () => send("POST", "/api/subjects/rules", { subjectName: "English", yearsAllowed: ["BUT1"] }));
    await step("subject.write", null, () => send("DELETE", "/api/subjects/rules/English"));

    // A refused write leaves no entry.
    const before = (await count()).n;
    expect((await ctx.request("DELETE", `/api/users/${admin.id}`, { token: admin.token })).status).toBe(409);
    expect(
      (await ctx.request("POST", "/api/users-admin/gift", { token: admin.token, body: { target: "users", userIds: [], coins: 5 } })).status,
    ).toBe(400);
    expect((await count()).n).toBe(before);
  });

  it("has no route that edits or deletes an entry", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin", username: "direction" });
    for (const method of ["PUT", "DELETE", "POST", "PATCH"]) {
      expect(
        (await ctx.request(method, "/api/admin-journal/1", { token: admin.token, body: method === "DELETE" ? undefined : {} })).status,
      ).toBe(404);
    }
  });
});

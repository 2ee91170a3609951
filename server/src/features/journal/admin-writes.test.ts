// Over 400 lines on purpose: one table of every admin write route and the call that proves it is journaled; split, a new route could escape the coverage check at the bottom.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNAL_ACTION_LABELS } from "@planify/common/schemas/admin";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { AUTH_DETAIL_KEY } from "../../plugins/auth";
import { json } from "../coins/test-kit";
import { filesForm as itemFiles, itemBody, uploadedPng } from "../item-creator/test-kit";
import { png } from "../profiles/test-fixtures";
import { createTask, FIXTURES, filesForm } from "../tasks/test-support";

// Every write route an admin may call leaves a journal entry. The routes are read from the
// app's guard registry (each route's `detail` names the roles it admits), so a new admin
// write route fails here until it is given a call below, and that call must write an entry.

type Env = { ctx: TestContext; admin: TestUser; lea: TestUser; tom: TestUser; ids: Record<string, string> };
type Call = (e: Env) => Promise<Response>;

/**
 * Admin writes whose journal entry is checked in their own feature's tests, because this file's
 * in-memory app cannot run them (the rollover takes a backup of the database file first).
 */
const JOURNALED_ELSEWHERE: Record<string, string> = {
  "POST /api/admin/rollover": "features/rollover/rollover.test.ts checks its one journal entry with the counts",
};

/** POST routes that only read what they are sent (nothing is stored), with the reason. */
const NOT_WRITES: Record<string, string> = {
  "POST /api/users-admin/import/preview": "checks a class list and answers what a commit would create; stores nothing",
  "POST /api/sso-admin/providers/:id/test": "asks the ENT provider whether it answers; stores nothing",
  "POST /api/admin/rollover/preview": "counts what the rollover would change; stores nothing",
};

let calendar: ReturnType<typeof Bun.serve>;
const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ADE//FR\r\nEND:VCALENDAR\r\n";

/** One admin call per route, in the order they run (creations before their edits and deletes). */
const CALLS: [route: string, call: Call][] = [
  [
    "POST /api/users/register",
    ({ ctx, admin }) =>
      req(ctx, admin, "POST", "/api/users/register", { username: "sam", password: "motdepasse-1", role: "eleve", year: "BUT2" }),
  ],
  [
    "POST /api/users-admin/import/commit",
    ({ ctx, admin }) =>
      req(ctx, admin, "POST", "/api/users-admin/import/commit", {
        rows: [{ username: "nina.roy", firstName: "Nina", lastName: "Roy", role: "Étudiant", year: "BUT 1", groupe: "A", specialite: "" }],
      }),
  ],
  [
    "POST /api/users-admin/",
    ({ ctx, admin, lea }) => req(ctx, admin, "POST", "/api/users-admin", { action: "update-coins", userId: lea.id, coins: 50 }),
  ],
  [
    "POST /api/users-admin/bulk-give",
    ({ ctx, admin, lea }) => req(ctx, admin, "POST", "/api/users-admin/bulk-give", { userIds: [lea.id], items: [3] }),
  ],
  [
    "POST /api/users-admin/bulk-remove",
    ({ ctx, admin, lea }) => req(ctx, admin, "POST", "/api/users-admin/bulk-remove", { userIds: [lea.id], items: [3] }),
  ],
  [
    "POST /api/users-admin/gift",
    ({ ctx, admin }) => req(ctx, admin, "POST", "/api/users-admin/gift", { target: "all", coins: 5, adminMessage: "Merci" }),
  ],
  [
    "POST /api/users/:id/give-item",
    ({ ctx, admin, lea }) => req(ctx, admin, "POST", `/api/users/${lea.id}/give-item`, { itemId: 26, adminMessage: "Bravo" }),
  ],
  ["POST /api/users/:id/remove-item", ({ ctx, admin, lea }) => req(ctx, admin, "POST", `/api/users/${lea.id}/remove-item`, { itemId: 26 })],
  ["PUT /api/users/:id", ({ ctx, admin, lea }) => req(ctx, admin, "PUT", `/api/users/${lea.id}`, { groupe: "B" })],
  ["DELETE /api/users/:id/items", ({ ctx, admin, lea }) => req(ctx, admin, "DELETE", `/api/users/${lea.id}/items`)],
  ["DELETE /api/users/:id", ({ ctx, admin, tom }) => req(ctx, admin, "DELETE", `/api/users/${tom.id}`)],
  [
    "POST /api/popups/send",
    ({ ctx, admin, lea }) => req(ctx, admin, "POST", "/api/popups/send", { target: "user", userId: lea.id, html: "<p>Salut</p>" }),
  ],
  [
    "POST /api/patch-notes/",
    async (e) => {
      const res = await req(e.ctx, e.admin, "POST", "/api/patch-notes", {
        title: "1.9",
        version: "1.9.0",
        html: "<p>Nouveau</p>",
        notify: false,
        published: false,
      });
      e.ids.note = (await bodyOf(res)).note.id;
      return res;
    },
  ],
  [
    "PUT /api/patch-notes/:id",
    (e) =>
      req(e.ctx, e.admin, "PUT", `/api/patch-notes/${e.ids.note}`, {
        title: "1.9",
        version: "1.9.0",
        html: "<p>Nouveau</p>",
        notify: false,
        published: true,
      }),
  ],
  ["DELETE /api/patch-notes/:id", (e) => req(e.ctx, e.admin, "DELETE", `/api/patch-notes/${e.ids.note}`)],
  [
    "POST /api/subjects/",
    async (e) => {
      const res = await req(e.ctx, e.admin, "POST", "/api/subjects", { name: "Robotique", color: "#3B82F6" });
      e.ids.subject = (await bodyOf(res)).subject.id;
      return res;
    },
  ],
  ["PUT /api/subjects/:id", (e) => req(e.ctx, e.admin, "PUT", `/api/subjects/${e.ids.subject}`, { name: "Robotique 2" })],
  ["DELETE /api/subjects/:id", (e) => req(e.ctx, e.admin, "DELETE", `/api/subjects/${e.ids.subject}`)],
  [
    "POST /api/subjects/rules",
    ({ ctx, admin }) => req(ctx, admin, "POST", "/api/subjects/rules", { subjectName: "English", yearsAllowed: ["BUT1"] }),
  ],
  ["DELETE /api/subjects/rules/:subjectName", ({ ctx, admin }) => req(ctx, admin, "DELETE", "/api/subjects/rules/English")],
  [
    "POST /api/subjects/static-rules",
    ({ ctx, admin }) => req(ctx, admin, "POST", "/api/subjects/static-rules", { subjectName: "Hébergement", yearsAllowed: ["BUT2"] }),
  ],
  [
    "DELETE /api/subjects/static-rules/:subjectName",
    ({ ctx, admin }) => req(ctx, admin, "DELETE", "/api/subjects/static-rules/H%C3%A9bergement"),
  ],
  ["POST /api/coins/test-force-loss", ({ ctx, admin }) => req(ctx, admin, "POST", "/api/coins/test-force-loss")],
  ["POST /api/coins/weekly-items/reroll", ({ ctx, admin }) => req(ctx, admin, "POST", "/api/coins/weekly-items/reroll")],
  [
    "POST /api/coins/weekly-items/test-add",
    async ({ ctx, admin, ids }) => {
      const shop = (await json(await req(ctx, admin, "GET", "/api/coins/weekly-items"))).weeklyItems.map(
        (e: { kind: string; id: string }) => `${e.kind}:${e.id}`,
      );
      ids.extra = String([1, 2, 3, 4, 5, 6, 7].find((id) => !shop.includes(`item:${id}`)));
      return req(ctx, admin, "POST", "/api/coins/weekly-items/test-add", { legacyId: Number(ids.extra) });
    },
  ],
  [
    "POST /api/coins/weekly-items/test-remove",
    ({ ctx, admin, ids }) => req(ctx, admin, "POST", "/api/coins/weekly-items/test-remove", { legacyId: Number(ids.extra) }),
  ],
  [
    "POST /api/items/upload",
    async (e) => {
      const res = await req(e.ctx, e.admin, "POST", "/api/items/upload", itemFiles([png(), "calque.png"]));
      e.ids.src = (await bodyOf(res)).files[0].url;
      return res;
    },
  ],
  [
    "POST /api/items",
    async (e) => {
      const res = await req(
        e.ctx,
        e.admin,
        "POST",
        "/api/items",
        itemBody(e.ids.src ?? (await uploadedPng(e.ctx, e.admin.token)), { legacyId: 700 }),
      );
      e.ids.item = (await bodyOf(res)).item.id;
      return res;
    },
  ],
  ["PUT /api/items/:id", (e) => req(e.ctx, e.admin, "PUT", `/api/items/${e.ids.item}`, itemBody(e.ids.src!, { legacyId: 700, price: 90 }))],
  ["DELETE /api/items/:id", (e) => req(e.ctx, e.admin, "DELETE", `/api/items/${e.ids.item}`)],
  [
    "POST /api/border-colors",
    ({ ctx, admin }) => req(ctx, admin, "POST", "/api/border-colors", { id: "lagon", name: "Lagon", color: "#00CED1", price: 80 }),
  ],
  [
    "PUT /api/border-colors",
    ({ ctx, admin }) => req(ctx, admin, "PUT", "/api/border-colors?id=lagon", { id: "lagon", name: "Lagon", color: "#00CED1", price: 90 }),
  ],
  ["DELETE /api/border-colors", ({ ctx, admin }) => req(ctx, admin, "DELETE", "/api/border-colors?id=lagon")],
  [
    "POST /api/redeem-codes/generate",
    async (e) => {
      const res = await req(e.ctx, e.admin, "POST", "/api/redeem-codes/generate", { rewardType: "item", itemId: 26 });
      e.ids.code = (await bodyOf(res)).redeemCode.id;
      return res;
    },
  ],
  ["DELETE /api/redeem-codes/:id", (e) => req(e.ctx, e.admin, "DELETE", `/api/redeem-codes/${e.ids.code}`)],
  [
    "POST /api/factions/total-coins",
    ({ ctx, admin }) => req(ctx, admin, "POST", "/api/factions/total-coins", { name: "Bagna", totalCoins: 1200 }),
  ],
  ["POST /api/factions/notify-results", ({ ctx, admin }) => req(ctx, admin, "POST", "/api/factions/notify-results")],
  [
    "POST /api/factions/distribute",
    ({ ctx, admin }) => req(ctx, admin, "POST", "/api/factions/distribute", { faction: "Fermier", coins: 10 }),
  ],
  ["POST /api/factions/reset", ({ ctx, admin }) => req(ctx, admin, "POST", "/api/factions/reset")],
  [
    "POST /api/factions/price-multiplier",
    ({ ctx, admin }) => req(ctx, admin, "POST", "/api/factions/price-multiplier", { name: "Bagnat", priceMultiplier: 1.5 }),
  ],
  [
    "PUT /api/school-timetable/classes",
    ({ ctx, admin }) =>
      req(ctx, admin, "PUT", "/api/school-timetable/classes", {
        year: "BUT1",
        groupe: "A",
        url: `http://127.0.0.1:${calendar.port}/school.ics`,
      }),
  ],
  [
    "DELETE /api/school-timetable/classes",
    ({ ctx, admin }) => req(ctx, admin, "DELETE", "/api/school-timetable/classes?year=BUT1&groupe=A"),
  ],
  [
    "POST /api/holidays/",
    async (e) => {
      const res = await req(e.ctx, e.admin, "POST", "/api/holidays", {
        label: "Vacances de Noël",
        firstDay: "2026-12-19",
        lastDay: "2027-01-03",
      });
      e.ids.holiday = (await bodyOf(res)).holiday.id;
      return res;
    },
  ],
  [
    "PUT /api/holidays/:id",
    (e) =>
      req(e.ctx, e.admin, "PUT", `/api/holidays/${e.ids.holiday}`, {
        label: "Vacances de Noël",
        firstDay: "2026-12-18",
        lastDay: "2027-01-03",
      }),
  ],
  ["DELETE /api/holidays/:id", (e) => req(e.ctx, e.admin, "DELETE", `/api/holidays/${e.ids.holiday}`)],
  [
    "POST /api/admin/users/:id/reactivate",
    async ({ ctx, admin }) => {
      // What the rollover writes for a graduate; « Réactiver » clears it.
      const graduate = await ctx.user({ role: "eleve", username: "diplome.reactive" });
      await ctx.deps.engine.raw.run("UPDATE users SET deactivated_at = ?1, erase_after = ?2 WHERE id = ?3", [
        "2026-07-01T08:00:00.000Z",
        "2027-01-01T08:00:00.000Z",
        graduate.id,
      ]);
      return req(ctx, admin, "POST", `/api/admin/users/${graduate.id}/reactivate`);
    },
  ],
  [
    "POST /api/holidays/import",
    ({ ctx, admin }) =>
      req(ctx, admin, "POST", "/api/holidays/import", {
        ics: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261017\r\nDTEND;VALUE=DATE:20261102\r\nSUMMARY:Vacances de la Toussaint - Zone A\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
        apply: true,
      }),
  ],
  // Task routes are open to delegates and profs too; an admin's call is administration.
  [
    "POST /api/events/",
    async (e) => {
      const res = await req(e.ctx, e.admin, "POST", "/api/events", {
        titre: "Partiel",
        type: "exam",
        matiere: "Anglais",
        date: "2026-11-20",
        heure: "10:00",
        groupes: ["A", "B"],
        year: "BUT1",
      });
      e.ids.task = (await bodyOf(res)).event.id;
      return res;
    },
  ],
  ["PUT /api/events/:id", (e) => req(e.ctx, e.admin, "PUT", `/api/events/${e.ids.task}`, { titre: "Partiel (amphi)" })],
  ["POST /api/events/:id/update-self", (e) => req(e.ctx, e.admin, "POST", `/api/events/${e.ids.task}/update-self`, { heure: "10:30" })],
  [
    "POST /api/events/:id/set-groups",
    (e) => req(e.ctx, e.admin, "POST", `/api/events/${e.ids.task}/set-groups`, { groups: ["A", "B", "B'"] }),
  ],
  [
    "POST /api/events/:id/attachments",
    (e) => req(e.ctx, e.admin, "POST", `/api/events/${e.ids.task}/attachments`, filesForm([["sujet.pdf", FIXTURES.pdf()]])),
  ],
  [
    "DELETE /api/events/:id/attachments/:filename",
    async (e) => {
      const { attachments } = await json(await req(e.ctx, e.admin, "GET", `/api/events/${e.ids.task}/attachments`));
      return req(e.ctx, e.admin, "DELETE", `/api/events/${e.ids.task}/attachments/${attachments[0].filename}`);
    },
  ],
  ["POST /api/events/:id/hard-delete", (e) => req(e.ctx, e.admin, "POST", `/api/events/${e.ids.task}/hard-delete`, { groups: ["B'"] })],
  [
    "DELETE /api/events/:id/hard",
    async (e) => req(e.ctx, e.admin, "DELETE", `/api/events/${(await createTask(e.ctx, e.admin.token)).id}/hard`),
  ],
  ["POST /api/events-groups/:id/hard-delete", (e) => req(e.ctx, e.admin, "POST", `/api/events-groups/${e.ids.task}/hard-delete`, {})],
  [
    "POST /api/events/proposals/:id/validate",
    async (e) => {
      const proposed = await req(e.ctx, e.lea, "POST", "/api/events/proposals", {
        titre: "Fiche",
        matiere: "Anglais",
        date: "2026-11-20",
        heure: "18:00",
        groupes: ["A"],
      });
      return req(e.ctx, e.admin, "POST", `/api/events/proposals/${(await bodyOf(proposed)).proposal._id}/validate`);
    },
  ],
  ["POST /api/users/:id/block-proposals", (e) => req(e.ctx, e.admin, "POST", `/api/users/${e.lea.id}/block-proposals`, { reason: "" })],
  ["POST /api/users/:id/unblock-proposals", (e) => req(e.ctx, e.admin, "POST", `/api/users/${e.lea.id}/unblock-proposals`)],
  [
    "PUT /api/hand-ins/tasks/:taskId/students/:userId/override",
    async (e) => {
      e.ids.handIn = (await createTask(e.ctx, e.admin.token, { submissionEnabled: true, groupes: ["Promo"], groupe: "Promo" })).id;
      const deadline = { date: "2026-11-27", heure: "18:00" };
      return req(e.ctx, e.admin, "PUT", `/api/hand-ins/tasks/${e.ids.handIn}/students/${e.lea.id}/override`, { deadline, exempt: false });
    },
  ],
  [
    "PUT /api/hand-ins/tasks/:taskId/students/:userId/feedback",
    (e) =>
      req(e.ctx, e.admin, "PUT", `/api/hand-ins/tasks/${e.ids.handIn}/students/${e.lea.id}/feedback`, {
        comment: "<p>Bien</p>",
        mark: "12",
      }),
  ],
  [
    "POST /api/hand-ins/tasks/:taskId/students/:userId/returned",
    (e) =>
      req(
        e.ctx,
        e.admin,
        "POST",
        `/api/hand-ins/tasks/${e.ids.handIn}/students/${e.lea.id}/returned`,
        filesForm([["corrige.pdf", FIXTURES.pdf()]]),
      ),
  ],
  [
    "DELETE /api/hand-ins/tasks/:taskId/students/:userId/returned/:filename",
    async (e) => {
      const { feedback } = await json(await req(e.ctx, e.admin, "GET", `/api/hand-ins/tasks/${e.ids.handIn}/students/${e.lea.id}`));
      return req(
        e.ctx,
        e.admin,
        "DELETE",
        `/api/hand-ins/tasks/${e.ids.handIn}/students/${e.lea.id}/returned/${feedback.returnedFiles[0].filename}`,
      );
    },
  ],
  [
    "PUT /api/hand-ins/tasks/:taskId/scale",
    (e) => req(e.ctx, e.admin, "PUT", `/api/hand-ins/tasks/${e.ids.handIn}/scale`, { markScale: 40 }),
  ],
  ["POST /api/hand-ins/tasks/:taskId/publish", (e) => req(e.ctx, e.admin, "POST", `/api/hand-ins/tasks/${e.ids.handIn}/publish`)],
  [
    "POST /api/hand-ins/tasks/:taskId/students/:userId/reopen",
    (e) => req(e.ctx, e.admin, "POST", `/api/hand-ins/tasks/${e.ids.handIn}/students/${e.lea.id}/reopen`),
  ],
  ["POST /api/hand-ins/tasks/:taskId/nudge", (e) => req(e.ctx, e.admin, "POST", `/api/hand-ins/tasks/${e.ids.handIn}/nudge`)],
  [
    // No ENT provider here: the switch is opened again (it was closed by the database itself).
    "PUT /api/admin/school-settings/",
    async ({ ctx, admin }) => {
      await ctx.deps.engine.raw.run("INSERT INTO school_settings (key, value) VALUES ('passwordSignIn', '\"admins\"')");
      return req(ctx, admin, "PUT", "/api/admin/school-settings", { passwordSignIn: "all" });
    },
  ],
  [
    "DELETE /api/users-admin/:id/sso-identity/:providerId",
    async ({ ctx, admin, lea }) => {
      await ctx.deps.engine.raw.run(
        "INSERT INTO sso_identities (provider_id, subject, user_id, created_at) VALUES ('ent', 'lea-sub', ?1, 0)",
        [lea.id],
      );
      return req(ctx, admin, "DELETE", `/api/users-admin/${lea.id}/sso-identity/ent`);
    },
  ],
  [
    "POST /api/sso-admin/providers/",
    ({ ctx, admin }) =>
      req(ctx, admin, "POST", "/api/sso-admin/providers", {
        kind: "oidc",
        id: "ent",
        label: "ENT",
        issuer: "https://sso.univ.fr",
        clientId: "p",
      }),
  ],
  [
    "PUT /api/sso-admin/providers/:id",
    ({ ctx, admin }) =>
      req(ctx, admin, "PUT", "/api/sso-admin/providers/ent", {
        kind: "oidc",
        id: "ent",
        label: "ENT 2",
        issuer: "https://sso.univ.fr",
        clientId: "p",
      }),
  ],
  [
    "PUT /api/sso-admin/providers/:id/enabled",
    ({ ctx, admin }) => req(ctx, admin, "PUT", "/api/sso-admin/providers/ent/enabled", { enabled: false }),
  ],
  ["DELETE /api/sso-admin/providers/:id", ({ ctx, admin }) => req(ctx, admin, "DELETE", "/api/sso-admin/providers/ent")],
];

/** The JSON of an answer, leaving it readable for the test's own checks. */
async function bodyOf(res: Response) {
  return JSON.parse(await res.clone().text());
}

function req(ctx: TestContext, as: TestUser, method: string, url: string, body?: unknown) {
  return ctx.request(method, url, { token: as.token, body });
}

/** Write routes whose guard admits admins but not every session, as `METHOD /path`. */
function adminWriteRoutes(ctx: TestContext): string[] {
  return ctx.app.routes
    .filter((r) => !["GET", "HEAD", "OPTIONS"].includes(r.method))
    .filter((r) => {
      const admits = (r.hooks as { detail?: Record<string, unknown> } | undefined)?.detail?.[AUTH_DETAIL_KEY];
      return Array.isArray(admits) && admits.includes("admin");
    })
    .map((r) => `${r.method} ${r.path}`);
}

let env: Env;
beforeAll(async () => {
  calendar = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () => new Response(ics, { headers: { "content-type": "text/calendar" } }),
  });
  const ctx = createTestApp();
  env = {
    ctx,
    admin: await ctx.user({ role: "admin", username: "direction" }),
    lea: await ctx.user({ role: "eleve", username: "lea.martin" }),
    tom: await ctx.user({ role: "eleve", username: "tom" }),
    ids: {},
  };
});
afterAll(() => {
  env.ctx.close();
  calendar.stop(true);
});

describe("every admin write is journaled", () => {
  it("every admin write route of the app has a call here (or is listed as writing nothing)", () => {
    const routes = adminWriteRoutes(env.ctx);
    const covered = new Set([...CALLS.map(([route]) => route), ...Object.keys(NOT_WRITES), ...Object.keys(JOURNALED_ELSEWHERE)]);
    expect(routes.length).toBeGreaterThan(40);
    expect(
      routes.filter((r) => !covered.has(r)),
      "admin write routes without a journal check",
    ).toEqual([]);
    expect(
      [...covered].filter((r) => !routes.includes(r)),
      "calls for routes that no longer exist",
    ).toEqual([]);
  });

  const rows = () =>
    env.ctx.deps.engine.raw.all<{ id: number; action: string; summary: string; admin: string }>(
      "SELECT id, action, summary, admin_username AS admin FROM admin_journal ORDER BY id",
    );
  for (const [route, call] of CALLS) {
    it(`${route} as an admin leaves a French journal entry`, async () => {
      const before = (await rows()).length;
      const res = await call(env);
      expect(res.status, `${route}: ${await res.clone().text()}`).toBeLessThan(300);
      const added = (await rows()).slice(before);
      expect(added.length, `${route} wrote no journal entry`).toBeGreaterThanOrEqual(1);
      for (const entry of added) {
        expect(JOURNAL_ACTION_LABELS[entry.action], `label of ${entry.action}`).toBeTruthy();
        expect(entry.summary).toMatch(/[a-zà-ÿ]{3}/i);
        expect(entry.admin).toBe("direction");
      }
    });
  }
});

import { first } from "../../db/engine";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAL_TASKS_MAX } from "@planify/common/constants/personal-tasks";
import { createActors, createTestApp, type Actors, type TestContext } from "../../../test/helpers";
import { coinLedger, personalTasks, taskMilestones, taskStates, users } from "../../db/schema";
import { newId } from "../../lib/ids";
import { createTask, type EventJson } from "../tasks/test-support";

// Personal tasks stay their owner's: nobody else, admins included, reaches them through any
// list, read, calendar feed or download; ticking them never earns anything; the list's
// ETag moves with them. The test clock is Monday 16 Nov 2026, 10:00 Paris.
let ctx: TestContext;
let a: Actors;
let secret: EventJson;
let classTask: EventJson;

const send = async (method: string, url: string, token: string | undefined, body?: unknown) => {
  const res = await ctx.request(method, url, { token, body });
  const text = await res.text();
  return {
    status: res.status,
    res,
    text,
    json: (text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null) as Record<string, unknown>,
  };
};
const add = async (token: string, body: Record<string, unknown>) => {
  const { status, json } = await send("POST", "/api/personal-tasks", token, { date: "2026-11-19", heure: "17:00", ...body });
  expect(status).toBe(201);
  return json.event as EventJson;
};
const listTitles = async (token: string, query = "") =>
  ((await send("GET", `/api/events${query}`, token)).json.events as EventJson[]).map((e) => e.titre);
const feedText = async (token: string) => {
  const { url } = (await send("GET", "/api/calendar/me", token)).json as { url: string };
  return (await send("GET", new URL(url).pathname, undefined)).text;
};
const balances = async (id: string) =>
  (await first(
    ctx.deps.db
      .select({ coins: users.coins, lb: users.leaderboardCoins, fc: users.factionCoins, done: users.completedTasks })
      .from(users)
      .where(eq(users.id, id)),
  ))!;
const ledgerRows = async (id: string) =>
  (await first(ctx.deps.db.select({ n: count() }).from(coinLedger).where(eq(coinLedger.userId, id))))!.n;

beforeAll(async () => {
  ctx = createTestApp();
  a = await createActors(ctx);
  secret = await add(a.eleve.token, { titre: "Rendez-vous secret", note: "Ne regarde pas" });
  classTask = await createTask(ctx, a.prof.token, { titre: "Devoir de classe", submissionEnabled: true });
});
afterAll(() => ctx.close());

describe("only the owner ever sees a personal task", () => {
  it("is in the owner's list, marked personal, next to the class tasks", async () => {
    const events = (await send("GET", "/api/events", a.eleve.token)).json.events as (EventJson & { personal?: boolean })[];
    expect(events.find((e) => e.id === secret.id)).toMatchObject({ personal: true, titre: "Rendez-vous secret" });
    expect(events.find((e) => e.id === classTask.id)?.personal).toBeUndefined();
    // Merged by deadline: the class task (20 Nov) after the personal one (19 Nov).
    expect(events.findIndex((e) => e.id === secret.id)).toBeLessThan(events.findIndex((e) => e.id === classTask.id));
  });

  it.each(["etudiant", "delegue", "prof", "admin"] as const)("%s: not in any list, read or page of theirs", async (who) => {
    const token = a[who].token;
    for (const q of ["", "?window=all", "?before=99999999999999&limit=200"])
      expect(await listTitles(token, q)).not.toContain("Rendez-vous secret");
    expect((await send("GET", `/api/events/${secret.id}`, token)).status).toBe(404);
    if (who !== "etudiant")
      expect(((await send("GET", "/api/events/mine", token)).json.events as EventJson[]).map((e) => e.id)).not.toContain(secret.id);
    expect(await feedText(token)).not.toContain("Rendez-vous secret");
  });

  it("no download route answers for it: attachments, hand-ins, their ZIP", async () => {
    for (const who of ["eleve", "prof", "admin"] as const) {
      for (const path of ["attachments", "submissions", "submissions/zip", "my-submission"]) {
        // 403 where the route is for other roles anyway, else 404: never the task.
        const res = await send("GET", `/api/events/${secret.id}/${path}`, a[who].token);
        expect([403, 404]).toContain(res.status);
        expect(res.text).not.toContain("secret");
      }
    }
  });

  it("is in the owner's own calendar feed, as Perso, with its note as text", async () => {
    const text = await feedText(a.eleve.token);
    expect(text).toContain(`UID:${secret.id}@planify`);
    expect(text).toContain("SUMMARY:Perso · Rendez-vous secret");
    expect(text).toContain("Ne regarde pas");
  });

  it("another user cannot check, archive, edit or delete it, and it stays as it was", async () => {
    for (const who of ["etudiant", "delegue", "prof", "admin"] as const) {
      const token = a[who].token;
      for (const action of ["check", "archive"])
        expect((await send("POST", `/api/events/${secret.id}/${action}`, token, {})).status).toBe(404);
      expect((await send("PUT", `/api/personal-tasks/${secret.id}`, token, { titre: "Volée" })).status).toBe(404);
      expect((await send("DELETE", `/api/personal-tasks/${secret.id}`, token)).status).toBe(404);
      expect((await send("DELETE", `/api/events/${secret.id}`, token)).status).toBe(404);
    }
    expect((await send("GET", `/api/events/${secret.id}`, a.eleve.token)).json.event).toMatchObject({
      titre: "Rendez-vous secret",
      checked: false,
      archived: false,
    });
  });
});

describe("personal tasks earn nothing", () => {
  it("checking one changes no balance, no completedTasks, no milestone, no ledger row, no task state", async () => {
    // Nine counted tasks: the next counted check would pay the 10-task milestone.
    await ctx.deps.db.update(users).set({ completedTasks: 9 }).where(eq(users.id, a.eleve.id));
    const before = await balances(a.eleve.id);
    const ledger = await ledgerRows(a.eleve.id);
    for (const action of ["check", "archive", "unarchive", "uncheck", "check"]) {
      const { status, json } = await send("POST", `/api/events/${secret.id}/${action}`, a.eleve.token, {});
      expect(status).toBe(200);
      expect(json.completedTasks).toBe(9);
    }
    expect(await balances(a.eleve.id)).toEqual(before);
    expect(await ledgerRows(a.eleve.id)).toBe(ledger);
    expect(await ctx.deps.db.select().from(taskMilestones).where(eq(taskMilestones.userId, a.eleve.id))).toEqual([]);
    expect(await ctx.deps.db.select().from(taskStates).where(eq(taskStates.taskId, secret.id))).toEqual([]);
    // The same check on a class task does pay: the test would see a broken rule.
    const paid = await send("POST", `/api/events/${classTask.id}/check`, a.eleve.token, {});
    expect(paid.json.completedTasks).toBe(10);
    expect((await balances(a.eleve.id)).coins).toBe(before.coins + 50);
  });

  it("many personal tasks checked never reach a milestone", async () => {
    const fresh = await ctx.user({ role: "eleve", username: "farmeur" });
    for (let i = 0; i < 12; i++) {
      const t = await add(fresh.token, { titre: `Ferme ${i}` });
      expect((await send("POST", `/api/events/${t.id}/check`, fresh.token, {})).status).toBe(200);
    }
    expect(await balances(fresh.id)).toEqual({ coins: 0, lb: 0, fc: 0, done: 0 });
    expect(await ledgerRows(fresh.id)).toBe(0);
  });
});

describe("the list's ETag and the limit", () => {
  it("moves after a personal add, edit, check and delete, for the owner only", async () => {
    const etag = async (token: string) => (await send("GET", "/api/events", token)).res.headers.get("etag");
    let mine = await etag(a.eleve.token);
    const theirs = await etag(a.etudiant.token);
    const t = await add(a.eleve.token, { titre: "Pour l'ETag" });
    const steps: [string, string, unknown?][] = [
      ["PUT", `/api/personal-tasks/${t.id}`, { titre: "ETag modifiée" }],
      ["POST", `/api/events/${t.id}/check`, {}],
      ["DELETE", `/api/personal-tasks/${t.id}`],
    ];
    let next = await etag(a.eleve.token);
    expect(next).not.toBe(mine);
    for (const [method, url, body] of steps) {
      mine = next;
      expect((await send(method, url, a.eleve.token, body)).status).toBe(200);
      next = await etag(a.eleve.token);
      expect(next).not.toBe(mine);
    }
    expect(await etag(a.etudiant.token)).toBe(theirs);
    // A revalidation with the new tag is a 304; the list it stands for holds the edit.
    const res = await ctx.request("GET", "/api/events", { token: a.eleve.token, headers: { "if-none-match": next! } });
    expect(res.status).toBe(304);
  });

  it("moves when a personal deadline passes (its late flag changes)", async () => {
    const soon = await add(a.delegue.token, { titre: "Bientôt", date: "2026-11-16", heure: "10:30" });
    const first = await send("GET", "/api/events", a.delegue.token);
    ctx.clock.now += 3_600_000;
    const later = await send("GET", "/api/events", a.delegue.token);
    expect(later.res.headers.get("etag")).not.toBe(first.res.headers.get("etag"));
    expect((later.json.events as EventJson[]).find((e) => e.id === soon.id)?.late).toBe(true);
    ctx.clock.now -= 3_600_000;
  });

  it(`refuses the ${PERSONAL_TASKS_MAX + 1}th with a French message`, async () => {
    const full = await ctx.user({ role: "eleve", username: "plein" });
    const at = new Date(ctx.clock.now).toISOString();
    await ctx.deps.db.insert(personalTasks).values(
      Array.from({ length: PERSONAL_TASKS_MAX }, (_, i) => ({
        id: newId(),
        ownerId: full.id,
        titre: `T${i}`,
        date: "2026-12-01",
        heure: "10:00",
        deadlineAt: Date.parse("2026-12-01T09:00:00Z"),
        createdAt: at,
        updatedAt: at,
      })),
    );
    const { status, json } = await send("POST", "/api/personal-tasks", full.token, {
      titre: "Une de trop",
      date: "2026-12-02",
      heure: "10:00",
    });
    expect(status).toBe(409);
    expect(json).toMatchObject({ code: "PERSONAL_LIMIT", message: "Vous avez déjà 500 tâches perso : supprimez-en avant d'en ajouter." });
  });

  it("an old personal task pages back under `before` like the class tasks", async () => {
    const old = await add(a.etudiant.token, { titre: "Ancienne perso", date: "2026-06-01", heure: "09:00" });
    const recent = (await send("GET", "/api/events", a.etudiant.token)).json as { events: EventJson[]; olderCursor: string | null };
    expect(recent.events.map((e) => e.id)).not.toContain(old.id);
    expect(recent.olderCursor).not.toBeNull();
    const page = (await send("GET", `/api/events?before=${encodeURIComponent(recent.olderCursor!)}`, a.etudiant.token)).json as {
      events: EventJson[];
    };
    expect(page.events.map((e) => e.id)).toContain(old.id);
  });

  it("goes with its owner's account", async () => {
    const leaving = await ctx.user({ role: "eleve", username: "partant" });
    await add(leaving.token, { titre: "Bientôt orpheline" });
    expect((await send("DELETE", `/api/users/${leaving.id}`, a.admin.token)).status).toBe(200);
    expect(await ctx.deps.db.select().from(personalTasks).where(eq(personalTasks.ownerId, leaving.id))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { createTask, taskBody, type EventJson } from "./test-support";

// GET /events at school scale: the recent window by default, older tasks by pages, the
// former whole list on request, and an ETag that turns an unchanged list into a 304.
// The test clock is Monday 16 Nov 2026, 10:00 Paris: the window starts on 17 Oct 2026 (UTC).
let ctx: TestContext;
let eleve: TestUser;
let prof: TestUser;
const created: Record<string, EventJson> = {};

type ListJson = { success: true; events: EventJson[]; olderCursor?: string | null };
const titles = (json: ListJson) => json.events.map((e) => e.titre);

async function list(url: string, token: string, headers: Record<string, string> = {}) {
  const res = await ctx.request("GET", url, { token, headers });
  return { res, json: res.status === 200 ? ((await res.json()) as ListJson) : null };
}

beforeAll(async () => {
  ctx = createTestApp();
  eleve = await ctx.user({ role: "eleve", username: "eleve", year: "BUT1", groupe: "A" });
  prof = await ctx.user({ role: "prof", username: "prof" });
  const dated: [string, string, string[]][] = [
    ["Ancien 1", "2026-06-01", ["A"]],
    ["Ancien 2", "2026-09-10", ["Promo"]],
    // Two tasks due at the same minute: paging must give each exactly once.
    ["Ancien 3a", "2026-10-01", ["A"]],
    ["Ancien 3b", "2026-10-01", ["A"]],
    ["Ancien autre groupe", "2026-10-02", ["B"]],
    ["Récent passé", "2026-10-20", ["A"]],
    ["À venir", "2026-11-20", ["A"]],
  ];
  for (const [titre, date, groupes] of dated) {
    created[titre] = await createTask(ctx, prof.token, { ...taskBody({ titre, date, groupes, groupe: groupes[0] }) });
  }
});
afterAll(() => ctx.close());

describe("the recent window", () => {
  it("a bare GET answers the same shape with recent and future tasks only, and says older ones exist", async () => {
    const { res, json } = await list("/api/events", eleve.token);
    expect(res.status).toBe(200);
    expect(json!.success).toBe(true);
    expect(titles(json!)).toEqual(["Récent passé", "À venir"]);
    expect(json!.events[0]!.late).toBe(true);
    expect(typeof json!.olderCursor).toBe("string");
  });

  it("window=all answers every visible task, as the list did before", async () => {
    const { json } = await list("/api/events?window=all", eleve.token);
    expect(titles(json!)).toEqual(
      ["Ancien 1", "Ancien 2", "Ancien 3a", "Ancien 3b", "Récent passé", "À venir"].sort(
        (a, b) => created[a]!.start.localeCompare(created[b]!.start) || created[a]!.id.localeCompare(created[b]!.id),
      ),
    );
    expect(json!.olderCursor).toBeNull();
  });

  it("older tasks come page by page, newest first, each once, then the cursor ends", async () => {
    const first = await list("/api/events", eleve.token);
    const seen: string[] = [];
    let cursor = first.json!.olderCursor;
    let pages = 0;
    while (cursor) {
      const { json } = await list(`/api/events?before=${encodeURIComponent(cursor)}&limit=2`, eleve.token);
      expect(json!.events.length).toBeLessThanOrEqual(2);
      // Inside a page the order is the list's order (oldest first); pages go back in time.
      seen.unshift(...titles(json!));
      cursor = json!.olderCursor ?? null;
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen.filter((t) => t.startsWith("Ancien 3")).sort()).toEqual(["Ancien 3a", "Ancien 3b"]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(4);
    expect(seen).not.toContain("Ancien autre groupe");
    expect(seen[0]).toBe("Ancien 1");
  });

  it("a prof pages through every task, other groups included", async () => {
    const { json } = await list("/api/events?before=9999999999999&limit=200", prof.token);
    expect(json!.events).toHaveLength(7);
    expect(json!.olderCursor).toBeNull();
  });

  it("a cursor that was not given by the server is refused in French", async () => {
    const res = await ctx.request("GET", "/api/events?before=hier", { token: eleve.token });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: "Page de tâches invalide : rechargez la liste." });
    const zero = await ctx.request("GET", "/api/events?before=0&limit=0", { token: eleve.token });
    expect(zero.status).toBe(400);
    expect(await zero.json()).toMatchObject({ message: "La taille de page doit être comprise entre 1 et 200." });
  });
});

describe("ETag", () => {
  const etagOf = async (token: string, url = "/api/events") => (await list(url, token)).res.headers.get("etag")!;

  it("an unchanged list answers 304 with no body; the answer asks browsers to revalidate", async () => {
    const { res } = await list("/api/events", eleve.token);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const again = await ctx.request("GET", "/api/events", { token: eleve.token, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("vary")).toBe("accept-encoding");
  });

  it("a task edit, the student's own check and a new task each give a new ETag (and a 200)", async () => {
    const before = await etagOf(eleve.token);
    expect(
      (await ctx.request("PUT", `/api/events/${created["À venir"]!.id}`, { token: prof.token, body: { titre: "À venir (modifié)" } }))
        .status,
    ).toBe(200);
    const afterEdit = await etagOf(eleve.token);
    expect(afterEdit).not.toBe(before);
    const stale = await list("/api/events", eleve.token, { "if-none-match": before });
    expect(stale.res.status).toBe(200);
    expect(titles(stale.json!)).toContain("À venir (modifié)");

    expect((await ctx.request("POST", `/api/events/${created["À venir"]!.id}/check`, { token: eleve.token })).status).toBe(200);
    const afterCheck = await etagOf(eleve.token);
    expect(afterCheck).not.toBe(afterEdit);
    // A full answer after the change (no If-None-Match) is never one remembered from before it.
    const { json: checked } = await list("/api/events", eleve.token);
    expect(checked!.events.find((e) => e.id === created["À venir"]!.id)!.checked).toBe(true);

    await createTask(ctx, prof.token, taskBody({ titre: "Nouvelle" }));
    expect(await etagOf(eleve.token)).not.toBe(afterCheck);
  });

  it("another student's check leaves my ETag as it was; a deadline passing changes it", async () => {
    const other = await ctx.user({ role: "eleve", username: "autre", year: "BUT1", groupe: "A" });
    const mine = await etagOf(eleve.token);
    expect((await ctx.request("POST", `/api/events/${created["Récent passé"]!.id}/archive`, { token: other.token })).status).toBe(200);
    expect(await etagOf(eleve.token)).toBe(mine);
    // 20 Nov 18:00 Paris passes: "À venir" turns late.
    ctx.clock.now = Date.parse("2026-11-20T17:01:00Z");
    expect(await etagOf(eleve.token)).not.toBe(mine);
  });

  it("a write made straight in the database (a command, a restore, another binary) moves the ETag too", async () => {
    // No service is involved: the list's counters are moved by the database's own triggers.
    const before = await etagOf(eleve.token);
    await ctx.deps.engine.raw.run("UPDATE tasks SET titre = ?1 WHERE id = ?2", ["Renommé en base", created["Ancien 3a"]!.id]);
    const afterTask = await etagOf(eleve.token);
    expect(afterTask).not.toBe(before);
    const { json } = await list("/api/events?window=all", eleve.token);
    expect(titles(json!)).toContain("Renommé en base");
    await ctx.deps.engine.raw.run("INSERT INTO task_states (user_id, task_id, hidden) VALUES (?1, ?2, true)", [
      eleve.id,
      created["Ancien 3b"]!.id,
    ]);
    expect(await etagOf(eleve.token)).not.toBe(afterTask);
  });

  it("pages have their own ETag", async () => {
    expect(await etagOf(eleve.token, "/api/events?before=1790000000000")).not.toBe(await etagOf(eleve.token));
  });
});

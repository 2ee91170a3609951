import { describe, expect, it } from "vitest";
import { LIVE_STREAMS_PER_USER } from "@planify/common/schemas/live";
import { appPerFile, ACTORS, type TestContext } from "../../../test/helpers";
import { type LiveReader, openLive } from "../../../test/live-client";
import { createTask, FIXTURES, filesForm } from "../tasks/test-support";
import { stopLive, sweepLiveEvents, liveHubOf } from "../../lib/live";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema";

const env = appPerFile();
const live = (token: string, headers: Record<string, string> = {}) =>
  openLive(() => env.ctx.request("GET", "/api/live", { token, headers }));
const opened: LiveReader[] = [];
const track = async (reader: Promise<LiveReader>) => {
  const r = await reader;
  opened.push(r);
  return r;
};
const closeAll = () => Promise.all(opened.splice(0).map((r) => r.close()));

describe("GET /api/live: who may open a stream", () => {
  for (const as of ACTORS) {
    it(`${as} → ${as === "guest" ? 401 : "200 text/event-stream"}`, async () => {
      if (as === "guest") {
        const res = await env.ctx.request("GET", "/api/live");
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ code: "UNAUTHORIZED", message: "Session expirée. Veuillez vous reconnecter." });
        return;
      }
      const reader = await live(env.actors[as].token);
      expect(reader.response.headers.get("cache-control")).toBe("no-cache, no-transform");
      await reader.close();
      expect(reader.ended).toBe(true);
    });
  }
});

describe("what each open app hears", () => {
  it("a task a delegate adds reaches the students of its class, staff and its author, not another year", async () => {
    const { ctx, actors } = env;
    const other = await ctx.user({ role: "eleve", year: "BUT2", groupe: "A" });
    const [eleve, prof, delegue, outsider] = await Promise.all(
      [actors.eleve.token, actors.prof.token, actors.delegue.token, other.token].map((t) => track(live(t))),
    );
    const task = await createTask(ctx, actors.delegue.token);
    for (const reader of [eleve!, prof!, delegue!]) expect((await reader.next("tasks")).data).toEqual({ taskId: task.id });
    // The outsider hears the next event meant for everyone but never the task.
    await ctx.request("POST", "/api/popups/send", { token: actors.admin.token, body: { target: "all", html: "<p>Bonjour</p>" } });
    await outsider!.next("popup");
    expect(outsider!.kinds()).not.toContain("tasks");
    await closeAll();
  });

  it("a hand-in reaches the teachers, not the other students", async () => {
    const { ctx, actors } = env;
    const task = await createTask(ctx, actors.prof.token, { submissionEnabled: true });
    const [prof, etudiant] = await Promise.all([track(live(actors.prof.token)), track(live(actors.etudiant.token))]);
    const res = await ctx.request("POST", `/api/events/${task.id}/submissions`, {
      token: actors.eleve.token,
      body: filesForm([["rendu.pdf", FIXTURES.pdf()]]),
    });
    expect(res.status).toBeLessThan(300);
    expect((await prof.next("submissions")).data).toEqual({ taskId: task.id });
    await ctx.request("POST", "/api/popups/send", { token: actors.admin.token, body: { target: "all", html: "<p>Fin</p>" } });
    await etudiant.next("popup");
    expect(etudiant.kinds()).not.toContain("submissions");
    await closeAll();
  });

  it("an admin's coin edit reaches that student's app; leaderboard moves reach everyone, once for several", async () => {
    const { ctx, actors } = env;
    const [eleve, delegue] = await Promise.all([track(live(actors.eleve.token)), track(live(actors.delegue.token))]);
    const edit = async (body: Record<string, unknown>) => {
      const res = await ctx.request("POST", "/api/users-admin", { token: actors.admin.token, body: { userId: actors.eleve.id, ...body } });
      expect(res.status).toBe(200);
    };
    await edit({ action: "update-coins", coins: 40 });
    for (const leaderboardCoins of [41, 42, 43]) await edit({ action: "update-leaderboard-coins", leaderboardCoins });
    await eleve.next("coins");
    await delegue.next("leaderboard");
    expect(delegue.kinds()).not.toContain("coins");
    await Bun.sleep(300);
    expect(delegue.kinds().filter((k) => k === "leaderboard")).toHaveLength(1);
    await closeAll();
  });

  it("a gift shows on the student's app", async () => {
    const { ctx, actors } = env;
    const eleve = await track(live(actors.eleve.token));
    const res = await ctx.request("POST", "/api/users-admin/gift", {
      token: actors.admin.token,
      body: { target: "users", userIds: [actors.eleve.id], items: [3], adminMessage: "Bravo" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await eleve.next("gift");
    await closeAll();
  });

  it("a revoked session's app is told, and its stream ends; the user's other device keeps its own", async () => {
    const { ctx, actors } = env;
    const again = await ctx.request("POST", "/api/users/login", {
      body: { username: actors.eleve.username, password: actors.eleve.password },
    });
    const second = ((await again.json()) as { token: string }).token;
    const [first, other] = await Promise.all([track(live(actors.eleve.token)), track(live(second))]);
    const list = (await (await ctx.request("GET", "/api/privacy/me/sessions", { token: actors.eleve.token })).json()) as {
      sessions: { id: string; current: boolean }[];
    };
    const secondId = (await (await ctx.request("GET", "/api/privacy/me/sessions", { token: second })).json()) as {
      sessions: { id: string; current: boolean }[];
    };
    const target = secondId.sessions.find((s) => s.current)!.id;
    expect(list.sessions.some((s) => s.id === target)).toBe(true);
    const res = await ctx.request("DELETE", `/api/privacy/me/sessions/${target}`, { token: actors.eleve.token });
    expect(res.status).toBe(200);
    await other.next("session-revoked");
    await other.until((_, ended) => ended, 2000, "the end of the revoked stream");
    expect(first.kinds()).not.toContain("session-revoked");
    expect(first.ended).toBe(false);
    await closeAll();
  });
});

describe("streams follow their session and their owner", () => {
  const hub = () => liveHubOf(env.ctx.deps.engine, env.ctx.deps.log);

  it("a session ended any other way (a password reset bumps the token version) closes its stream at the next heartbeat", async () => {
    const { ctx } = env;
    const someone = await ctx.user({ role: "eleve", year: "BUT1", groupe: "B" });
    const reader = await track(live(someone.token));
    await hub().beat();
    expect(reader.ended).toBe(false);
    await ctx.deps.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, someone.id));
    await hub().beat();
    await reader.until((_, ended) => ended, 2000, "the end of the stream");
    await closeAll();
  });

  it("a student moved to another group hears that group's tasks from the next heartbeat on, not the old group's", async () => {
    const { ctx, actors } = env;
    const mover = await ctx.user({ role: "eleve", year: "BUT1", groupe: "B" });
    const reader = await track(live(mover.token));
    await ctx.deps.db.update(users).set({ groupe: "A" }).where(eq(users.id, mover.id));
    await hub().beat();
    const forB = await createTask(ctx, actors.prof.token, { groupes: ["B"], groupe: "B", titre: "Pour le groupe B" });
    const forA = await createTask(ctx, actors.prof.token, { groupes: ["A"], groupe: "A", titre: "Pour le groupe A" });
    await reader.until((e) => e.some((x) => x.data.taskId === forA.id));
    expect(reader.events.some((x) => x.data.taskId === forB.id)).toBe(false);
    await closeAll();
  });

  it("a client that goes away leaves the node's streams", async () => {
    const { ctx, actors } = env;
    const before = hub().openStreams;
    const abort = new AbortController();
    const res = await ctx.app.handle(
      new Request("http://localhost/api/live", { headers: { authorization: `Bearer ${actors.etudiant.token}` }, signal: abort.signal }),
    );
    expect(res.status).toBe(200);
    expect(hub().openStreams).toBe(before + 1);
    abort.abort();
    await Bun.sleep(50);
    expect(hub().openStreams).toBe(before);
  });

  it("a tick on one device and a profile note reach the user's other devices and the profile's viewers", async () => {
    const { ctx, actors } = env;
    const task = await createTask(ctx, actors.delegue.token, { titre: "À cocher ailleurs" });
    const [phone, viewer] = await Promise.all([track(live(actors.eleve.token)), track(live(actors.prof.token))]);
    const ticked = await ctx.request("POST", `/api/events/${task.id}/check`, { token: actors.eleve.token });
    expect(ticked.status).toBe(200);
    expect((await phone.next("tasks")).data).toEqual({ taskId: task.id });
    const noted = await ctx.request("PUT", "/api/users/me/public-note", { token: actors.eleve.token, body: { publicNote: "En direct" } });
    expect(noted.status).toBe(200);
    expect((await viewer.next("profile")).data).toEqual({ userId: actors.eleve.id });
    await closeAll();
  });
});

describe("bounds and resuming", () => {
  it(`a user's ${LIVE_STREAMS_PER_USER + 1}th stream closes their oldest`, async () => {
    const token = env.actors.prof.token;
    const readers: LiveReader[] = [];
    for (let i = 0; i <= LIVE_STREAMS_PER_USER; i++) readers.push(await track(live(token)));
    await readers[0]!.until((_, ended) => ended, 2000, "the oldest stream's end");
    expect(readers.slice(1).every((r) => !r.ended)).toBe(true);
    await closeAll();
  });

  it("a stream back after a drop gets what it missed; an id no longer kept gets `reset`", async () => {
    const { ctx, actors } = env;
    const first = await track(live(actors.eleve.token));
    const seen = await (async () => {
      await createTask(ctx, actors.delegue.token, { titre: "Avant la coupure" });
      return await first.next("tasks");
    })();
    await first.close();
    const missed = await createTask(ctx, actors.delegue.token, { titre: "Pendant la coupure" });
    await ctx.request("POST", "/api/popups/send", {
      token: actors.admin.token,
      body: { target: "user", userId: actors.eleve.id, html: "<p>Toi</p>" },
    });
    const back = await track(live(actors.eleve.token, { "last-event-id": seen.id }));
    await back.until((e) => e.some((x) => x.kind === "tasks" && x.data.taskId === missed.id) && e.some((x) => x.kind === "popup"));
    // Resuming with ?after= (a client that cannot set the header) is the same.
    const byQuery = await track(openLive(() => ctx.request("GET", `/api/live?after=${seen.id}`, { token: actors.eleve.token })));
    await byQuery.until((e) => e.some((x) => x.kind === "tasks" && x.data.taskId === missed.id));
    // Past the retention, the events are gone: the app must refetch everything.
    ctx.clock.now += 16 * 60_000;
    expect(await sweepLiveEvents(ctx.deps.engine, ctx.deps.now())).toBeGreaterThan(0);
    const late = await track(live(actors.eleve.token, { "last-event-id": seen.id }));
    await late.next("reset");
    const garbage = await track(live(actors.eleve.token, { "last-event-id": "pas-un-numéro" }));
    await garbage.next("reset");
    await closeAll();
  });

  it("a stream dropped before its first event still resumes from the id it was given on opening", async () => {
    const { ctx, actors } = env;
    const quiet = await track(live(actors.eleve.token));
    await quiet.until(() => quiet.lastId !== null, 2000, "the opening id");
    expect(quiet.events).toEqual([]);
    await quiet.close();
    const missed = await createTask(ctx, actors.delegue.token, { titre: "Pendant une coupure précoce" });
    const back = await track(live(actors.eleve.token, { "last-event-id": quiet.lastId! }));
    await back.until((e) => e.some((x) => x.kind === "tasks" && x.data.taskId === missed.id));
    expect(back.kinds()).not.toContain("reset");
    await closeAll();
  });

  it("a stopping node ends its streams and refuses new ones in French", async () => {
    const { ctx, actors } = env;
    const reader = await live(actors.eleve.token);
    liveHubOf(ctx.deps.engine, ctx.deps.log).stop();
    await reader.until((_, ended) => ended, 2000, "the stream's end");
    const res = await ctx.request("GET", "/api/live", { token: actors.eleve.token });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(await res.json()).toMatchObject({ code: "SERVER_STOPPING", message: "Le serveur redémarre : reconnexion dans un instant." });
    await stopLive(ctx.deps.engine);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { LEADERBOARD_SIZE } from "@planify/common/constants/social";
import type { LeaderboardResponse } from "@planify/common/schemas/social";
import { users } from "../../db/schema";
import { newId } from "../../lib/ids";
import { usernameKey } from "../../lib/text";
import { appPerFile, createTestApp, everyActor, scenarioTests, type Scenario, type TestContext } from "../../../test/helpers";

// Leaderboards: who is ranked, in which order, equal values sharing a rank, and the caller's own row.

const app = appPerFile();
const signedIn = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };

const roles: Scenario[] = [
  ...everyActor(
    { method: "GET", url: "/api/users/leaderboard" },
    signedIn,
    "any logged-in user reads the board (not taken for a user id)",
    {
      401: { code: "UNAUTHORIZED" },
      200: { success: true, sort: "coins" },
    },
  ),
  ...everyActor({ method: "GET", url: "/api/users/leaderboard?sort=tasks" }, signedIn, "the completed-tasks board", {
    200: { sort: "tasks" },
  }),
  {
    name: "unknown board",
    method: "GET",
    url: "/api/users/leaderboard?sort=factions",
    as: "eleve",
    status: 400,
    expect: { code: "VALIDATION" },
  },
  ...everyActor({ method: "PUT", url: "/api/users/me/leaderboard", body: { enabled: true } }, signedIn, "anyone may send their choice", {
    401: { code: "UNAUTHORIZED" },
  }),
  {
    name: "a professor opts in",
    method: "PUT",
    url: "/api/users/me/leaderboard",
    as: "prof",
    body: { enabled: true },
    status: 200,
    expect: { leaderboardEnabled: true, message: "Tu participes au classement." },
  },
  {
    name: "a professor opts out",
    method: "PUT",
    url: "/api/users/me/leaderboard",
    as: "prof",
    body: { enabled: false },
    status: 200,
    expect: { leaderboardEnabled: false, user: { leaderboardEnabled: false } },
  },
  {
    name: "students are always ranked, whatever they send",
    method: "PUT",
    url: "/api/users/me/leaderboard",
    as: "eleve",
    body: { enabled: false },
    status: 200,
    expect: { leaderboardEnabled: true, message: "Les étudiants et les délégués figurent toujours au classement." },
  },
  {
    name: "admins are never ranked",
    method: "PUT",
    url: "/api/users/me/leaderboard",
    as: "admin",
    body: { enabled: true },
    status: 200,
    expect: { leaderboardEnabled: false, message: "Les administrateurs ne figurent jamais au classement." },
  },
  { name: "enabled must be a boolean", method: "PUT", url: "/api/users/me/leaderboard", as: "prof", body: { enabled: "oui" }, status: 400 },
];
describe("leaderboard routes by role", () => scenarioTests(roles, () => app));

/** Inserts ranked-or-not users straight into the table (no password hashing: fast). */
async function insertUsers(
  ctx: TestContext,
  rows: { username: string; role?: "eleve" | "delegue" | "prof" | "admin"; coins?: number; tasks?: number; enabled?: boolean }[],
) {
  const at = new Date(ctx.clock.now).toISOString();
  for (const r of rows) {
    await ctx.deps.db.insert(users).values({
      id: newId(),
      username: r.username,
      usernameKey: usernameKey(r.username),
      passwordHash: "x",
      role: r.role ?? "eleve",
      year: r.role === "prof" || r.role === "admin" ? "" : "BUT1",
      leaderboardCoins: r.coins ?? 0,
      completedTasks: r.tasks ?? 0,
      leaderboardEnabled: r.enabled ?? r.role !== "prof",
      createdAt: at,
      updatedAt: at,
    });
  }
}

describe("leaderboard order", () => {
  let ctx: TestContext;
  let me: { token: string; id: string };
  const board = async (sort = "coins", token = me.token) =>
    (await (await ctx.request("GET", `/api/users/leaderboard?sort=${sort}`, { token })).json()) as LeaderboardResponse;

  beforeAll(async () => {
    ctx = createTestApp();
    me = await ctx.user({ role: "eleve", username: "zoe" });
    await ctx.deps.db.update(users).set({ leaderboardCoins: 50, completedTasks: 9 }).where(eq(users.id, me.id));
    await insertUsers(ctx, [
      { username: "bruno", coins: 300, tasks: 1 },
      { username: "Alice", coins: 200, tasks: 5, role: "delegue" },
      { username: "carla", coins: 200, tasks: 5 },
      { username: "denis", coins: 100, tasks: 12 },
      { username: "prof.in", role: "prof", coins: 250, enabled: true },
      { username: "prof.out", role: "prof", coins: 999, enabled: false },
      { username: "directrice", role: "admin", coins: 5000, tasks: 50 },
    ]);
  });
  afterAll(() => ctx.close());

  it("answers an unchanged board with a 304; a coin change gives the new board and a new validator", async () => {
    const first = await ctx.request("GET", "/api/users/leaderboard?sort=coins", { token: me.token });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await ctx.request("GET", "/api/users/leaderboard?sort=coins", { token: me.token, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    await ctx.deps.db.update(users).set({ leaderboardCoins: 60 }).where(eq(users.id, me.id));
    const changed = await ctx.request("GET", "/api/users/leaderboard?sort=coins", { token: me.token, headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(((await changed.json()) as LeaderboardResponse).me).toMatchObject({ username: "zoe", leaderboardCoins: 60 });
    await ctx.deps.db.update(users).set({ leaderboardCoins: 50 }).where(eq(users.id, me.id));
  });

  it("sorts by season coins; equal values share a rank and are listed by username", async () => {
    const res = await board();
    expect(res.users.map((u) => [u.username, u.leaderboardCoins, u.rank])).toEqual([
      ["bruno", 300, 1],
      ["prof.in", 250, 2],
      ["Alice", 200, 3],
      ["carla", 200, 3],
      ["denis", 100, 5],
      ["zoe", 50, 6],
    ]);
    expect(res.total).toBe(6);
    expect(res.me).toMatchObject({ username: "zoe", rank: 6 });
    expect(res.leaderboardEnabled).toBe(true);
  });

  it("each row's coins are the month's (season) coins the board ranks, not the balance", async () => {
    await ctx.deps.db.update(users).set({ coins: 1850 }).where(eq(users.id, me.id));
    const res = await board();
    expect(res.users.map((u) => [u.username, u.coins])).toEqual([
      ["bruno", 300],
      ["prof.in", 250],
      ["Alice", 200],
      ["carla", 200],
      ["denis", 100],
      ["zoe", 50],
    ]);
    expect(res.me).toMatchObject({ username: "zoe", coins: 50, leaderboardCoins: 50 });
    // The tasks board carries them too: an older client reads `coins` on every row.
    expect((await board("tasks")).users.find((u) => u.username === "bruno")).toMatchObject({ coins: 300 });
  });

  it("a professor who did not opt in and admins are absent", async () => {
    const names = (await board()).users.map((u) => u.username);
    expect(names).not.toContain("prof.out");
    expect(names).not.toContain("directrice");
  });

  it("the tasks board sorts by completed tasks", async () => {
    const res = await board("tasks");
    expect(res.users.map((u) => [u.username, u.completedTasks, u.rank])).toEqual([
      ["denis", 12, 1],
      ["zoe", 9, 2],
      ["Alice", 5, 3],
      ["carla", 5, 3],
      ["bruno", 1, 5],
      ["prof.in", 0, 6],
    ]);
  });

  it("rows carry what the avatar renderer needs and nothing private", async () => {
    const row = (await board()).users[0]!;
    expect(row).toMatchObject({ id: row._id, avatarVersion: 0, selectedBorderColor: "default|dv=0|jv=0", dynamicItemVariants: {} });
    expect(JSON.stringify(row)).not.toMatch(/passwordHash|theme|tokenVersion|publicNote/);
  });

  it("an admin reading the board has no row of their own", async () => {
    const admin = await ctx.user({ role: "admin", username: "chef" });
    const res = await board("coins", admin.token);
    expect(res.me).toBeNull();
    expect(res.leaderboardEnabled).toBe(false);
  });

  it("the caller's own rank is given even outside the top 100", async () => {
    await insertUsers(
      ctx,
      Array.from({ length: LEADERBOARD_SIZE + 5 }, (_, i) => ({ username: `fort${String(i).padStart(3, "0")}`, coins: 1000 + i })),
    );
    const res = await board();
    expect(res.users).toHaveLength(LEADERBOARD_SIZE);
    expect(res.users.some((u) => u.id === me.id)).toBe(false);
    // 105 stronger students, then bruno, prof.in, Alice and carla (3), denis: zoe is 111th.
    expect(res.me).toMatchObject({ id: me.id, username: "zoe", leaderboardCoins: 50, rank: 111 });
    expect(res.total).toBe(111);
  });

  it("a remembered answer is each caller's own, and any write renews it", async () => {
    const other = await ctx.user({ role: "eleve", username: "yanis" });
    const [mine, theirs] = [await board(), await board("coins", other.token)];
    expect(mine.me?.username).toBe("zoe");
    expect(theirs.me?.username).toBe("yanis");
    // Asked again with nothing written in between: still each caller's own row.
    expect((await board()).me?.username).toBe("zoe");
    expect((await board("coins", other.token)).me?.username).toBe("yanis");
    // A write (yanis passes everyone) shows at once, in both callers' answers.
    await ctx.deps.db.update(users).set({ leaderboardCoins: 9000 }).where(eq(users.id, other.id));
    expect((await board()).users[0]).toMatchObject({ username: "yanis", rank: 1 });
    expect((await board("coins", other.token)).me).toMatchObject({ username: "yanis", rank: 1 });
  });
});

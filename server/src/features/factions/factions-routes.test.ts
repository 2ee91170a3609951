import { describe, expect, it } from "vitest";
import { count, eq, isNotNull } from "drizzle-orm";
import { FACTION_SWITCH_COST, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import type { FactionJoinResponse, FactionLeaderboardResponse } from "@planify/common/schemas/social";
import { coinLedger, factions, users } from "../../db/schema";
import { appPerFile, createTestApp, everyActor, scenarioTests, type Scenario } from "../../../test/helpers";
import { credit, fastUsers } from "../coins/test-kit";
import { spinWheel } from "../coins/spin";
import { getUser } from "../users/service";

// Factions: joining and switching through the ledger, the boards, counts that cannot drift.

const app = appPerFile();
const signedIn = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };

const roles: Scenario[] = [
  ...everyActor({ method: "GET", url: "/api/factions/leaderboard?ts=123" }, signedIn, "any logged-in user reads the faction boards", {
    401: { code: "UNAUTHORIZED" },
    200: { success: true, factions: [{ name: "Bagnat" }, { name: "Fermier" }] },
  }),
  ...everyActor({ method: "GET", url: "/api/factions/seasons" }, signedIn, "past seasons", {
    401: { code: "UNAUTHORIZED" },
    200: { seasons: [] },
  }),
  ...everyActor(
    { method: "POST", url: "/api/factions/join", body: { faction: "Fermier" } },
    signedIn,
    "anyone may join a faction (first join free)",
    {
      401: { code: "UNAUTHORIZED" },
      200: { faction: "Fermier", cost: 0 },
    },
  ),
  {
    name: "unknown faction",
    method: "POST",
    url: "/api/factions/join",
    as: "eleve",
    body: { faction: "Jedi" },
    status: 400,
    expect: { code: "UNKNOWN_FACTION", message: SOCIAL_MESSAGES.factionUnknown },
  },
  {
    name: "joining one's own faction",
    method: "POST",
    url: "/api/factions/join",
    as: "eleve",
    body: { faction: "Fermier" },
    status: 409,
    expect: { code: "ALREADY_IN_FACTION" },
  },
  {
    name: "no faction named",
    method: "POST",
    url: "/api/factions/join",
    as: "eleve",
    body: {},
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "switching below 200 coins is refused and changes nothing",
    method: "POST",
    url: "/api/factions/join",
    as: "delegue",
    body: { faction: "Bagnat" },
    status: 400,
    expect: { code: "NOT_ENOUGH_COINS", message: SOCIAL_MESSAGES.factionSwitchTooPoor },
  },
];
describe("faction routes by role", () => scenarioTests(roles, () => app));

async function board(token: string) {
  const res = await app.ctx.request("GET", "/api/factions/leaderboard", { token });
  expect(res.status).toBe(200);
  return (await res.json()) as FactionLeaderboardResponse;
}
async function join(token: string, faction: string) {
  const res = await app.ctx.request("POST", "/api/factions/join", { token, body: { faction } });
  return { status: res.status, json: (await res.json()) as FactionJoinResponse & { message: string; code?: string } };
}
const total = (b: FactionLeaderboardResponse, name: string) => b.factions.find((f) => f.name === name)!;

describe("joining and switching", () => {
  it("first join is free, 'Bagna' is Bagnat, a switch costs 200 and zeroes faction coins while the old total keeps them", async () => {
    const [u] = await fastUsers(app.ctx, 1, "eleve", "joiner");
    const first = await join(u!.token, "Bagna");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ faction: "Bagnat", cost: 0, coins: 0 });

    // A wheel win as a Bagnat member: faction coins and the faction total both rise.
    await credit(app.ctx, u!.id, 500);
    const before = total(await board(u!.token), "Bagnat").totalCoins;
    const me = await getUser(app.ctx.deps, u!.id);
    const spin = await app.ctx.deps.db.transaction((tx) => spinWheel(app.ctx.deps, tx, me, {}, () => 0));
    expect(spin.coinsWon).toBeGreaterThan(0);
    const afterSpin = await board(u!.token);
    expect(total(afterSpin, "Bagnat").totalCoins).toBe(before + spin.coinsWon);
    expect(afterSpin.currentUserBagnat).toMatchObject({
      id: u!.id,
      factionCoins: spin.coinsWon,
      coins: spin.coinsWon,
      displayCoins: spin.coinsWon,
    });
    expect(afterSpin.switchCost).toBe(FACTION_SWITCH_COST);

    const wallet = 500 + spin.coinsWon;
    const second = await join(u!.token, "Fermier");
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ faction: "Fermier", cost: 200, coins: wallet - 200, factionCoins: 0 });
    const afterSwitch = await board(u!.token);
    expect(total(afterSwitch, "Bagnat").totalCoins).toBe(before + spin.coinsWon);
    expect(afterSwitch.currentUserBagnat).toBeNull();
    expect(afterSwitch.currentUserFermier).toMatchObject({ id: u!.id, factionCoins: 0 });
    expect(afterSwitch.myFaction).toBe("Fermier");
  });

  it("a wheel win without a faction credits no faction", async () => {
    const [u] = await fastUsers(app.ctx, 1, "eleve", "loner");
    const totals = async () => (await app.ctx.deps.db.select().from(factions)).map((f) => f.totalCoins);
    const before = await totals();
    const me = await getUser(app.ctx.deps, u!.id);
    const spin = await app.ctx.deps.db.transaction((tx) => spinWheel(app.ctx.deps, tx, me, {}, () => 0));
    expect(spin.coinsWon).toBeGreaterThan(0);
    expect(await totals()).toEqual(before);
    expect((await getUser(app.ctx.deps, u!.id)).factionCoins).toBe(0);
  });

  it("concurrent switches are charged 200 once", async () => {
    const [u] = await fastUsers(app.ctx, 1, "eleve", "racer");
    await join(u!.token, "Bagnat");
    await credit(app.ctx, u!.id, 1000);
    const results = await Promise.all(Array.from({ length: 8 }, () => join(u!.token, "Fermier")));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect((await getUser(app.ctx.deps, u!.id)).coins).toBe(800);
    const mine = await app.ctx.deps.db.select().from(coinLedger).where(eq(coinLedger.userId, u!.id));
    expect(mine.filter((r) => r.reason === "faction-switch")).toHaveLength(1);
  });

  it("a refused switch leaves faction, coins and faction coins as they were", async () => {
    const [u] = await fastUsers(app.ctx, 1, "eleve", "poor");
    await join(u!.token, "Fermier");
    await credit(app.ctx, u!.id, 199);
    const refused = await join(u!.token, "Bagnat");
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(SOCIAL_MESSAGES.factionSwitchTooPoor);
    expect(await getUser(app.ctx.deps, u!.id)).toMatchObject({ faction: "Fermier", coins: 199 });
  });
});

describe("member counts", () => {
  it("follow joins, switches and deleted accounts, always equal to a count of users", async () => {
    const ctx = createTestApp();
    try {
      const people = await fastUsers(ctx, 12, "eleve", "m");
      for (const [i, p] of people.entries()) {
        await ctx.request("POST", "/api/factions/join", { token: p.token, body: { faction: i % 3 === 0 ? "Fermier" : "Bagnat" } });
      }
      for (const p of people.slice(0, 4)) {
        await credit(ctx, p.id, 300);
        await ctx.request("POST", "/api/factions/join", { token: p.token, body: { faction: "Fermier" } });
      }
      await ctx.deps.db.delete(users).where(eq(users.id, people[5]!.id));
      const res = await ctx.request("GET", "/api/factions/leaderboard", { token: people[1]!.token });
      const b = (await res.json()) as FactionLeaderboardResponse;
      const counted = await ctx.deps.db
        .select({ faction: users.faction, n: count() })
        .from(users)
        .where(isNotNull(users.faction))
        .groupBy(users.faction);
      for (const f of b.factions) expect(f.membersCount).toBe(counted.find((c) => c.faction === f.name)?.n ?? 0);
      expect(b.factions.reduce((s, f) => s + f.membersCount, 0)).toBe(11);
    } finally {
      ctx.close();
    }
  });

  it("rank members by faction coins then username, ties sharing a rank; admins and professors who did not opt in are not listed", async () => {
    const ctx = createTestApp();
    try {
      const [a, b, c, d] = await fastUsers(ctx, 4, "eleve", "r");
      const [admin] = await fastUsers(ctx, 1, "admin", "boss");
      for (const p of [a!, b!, c!, d!, admin!])
        await ctx.request("POST", "/api/factions/join", { token: p.token, body: { faction: "Bagnat" } });
      const set = async (id: string, n: number) => await ctx.deps.db.update(users).set({ factionCoins: n }).where(eq(users.id, id));
      await set(a!.id, 50);
      await set(b!.id, 90);
      await set(c!.id, 50);
      await set(d!.id, 10);
      await set(admin!.id, 999);
      const res = await ctx.request("GET", "/api/factions/leaderboard", { token: d!.token });
      const json = (await res.json()) as FactionLeaderboardResponse;
      expect(json.bagnatTopUsers.map((u) => [u.id, u.rank])).toEqual([
        [b!.id, 1],
        ...[a!, c!]
          .map((u) => u.id)
          .sort((x, y) => {
            const name = (id: string) => json.bagnatTopUsers.find((u) => u.id === id)!.username;
            return name(x).localeCompare(name(y));
          })
          .map((id) => [id, 2]),
        [d!.id, 4],
      ]);
      expect(json.bagnaTopUsers).toEqual(json.bagnatTopUsers);
      expect(json.currentUserBagnat).toMatchObject({ id: d!.id, rank: 4 });
      expect(json.factions.find((f) => f.name === "Bagnat")!.membersCount).toBe(5);
    } finally {
      ctx.close();
    }
  });
});

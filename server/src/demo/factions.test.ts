import { afterEach, describe, expect, it } from "vitest";
import type { FactionLeaderboardResponse, SeasonHistoryResponse } from "@planify/common/schemas/social";
import { createTestApp, type TestContext } from "../../test/helpers";
import { seedDemo } from "./seed";
import { DEMO_PASSWORD } from "./accounts";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("demo factions", () => {
  it("shows both factions with members and totals, and last month's season with its podiums", async () => {
    ctx = createTestApp();
    await seedDemo(ctx.deps);
    const login = await ctx.request("POST", "/api/users/login", { body: { username: "emma.petit", password: DEMO_PASSWORD } });
    const { token } = (await login.json()) as { token: string };
    const board = (await (await ctx.request("GET", "/api/factions/leaderboard", { token })).json()) as FactionLeaderboardResponse;
    expect(board.factions).toEqual([
      { name: "Bagnat", totalCoins: 870, membersCount: 4 },
      { name: "Fermier", totalCoins: 710, membersCount: 3 },
    ]);
    expect(board.bagnatTopUsers[0]).toMatchObject({ username: "lea.martin", factionCoins: 340, rank: 1 });
    expect(board.currentUserBagnat).toMatchObject({ username: "emma.petit", rank: 2 });
    const history = (await (await ctx.request("GET", "/api/factions/seasons", { token })).json()) as SeasonHistoryResponse;
    expect(history.seasons).toHaveLength(1);
    expect(history.seasons[0]).toMatchObject({ month: "2026-10", winner: "Fermier", totals: { Bagnat: 1290, Fermier: 1550 } });
    expect(history.seasons[0]!.podiums.Fermier[0]).toMatchObject({ username: "hugo.bernard", value: 700, rank: 1 });
    // The demo's past season must not be closed again, nor the open one.
    await ctx.request("GET", "/api/health");
    const again = (await (await ctx.request("GET", "/api/factions/seasons", { token })).json()) as SeasonHistoryResponse;
    expect(again.seasons).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeaderboardResponse } from "@planify/common/schemas/social";
import { createTestApp, type TestContext } from "../../test/helpers";
import { seedDemo } from "./seed";
import { DEMO_PASSWORD } from "./accounts";

// The demo school's profiles: pictures, notes, one profile with music, professors' choice.
let ctx: TestContext;
let token = "";
const profile = async (id: string) => (await (await ctx.request("GET", `/api/users/${id}`, { token })).json()) as Record<string, string>;

beforeAll(async () => {
  ctx = createTestApp();
  await seedDemo(ctx.deps);
  const login = await ctx.request("POST", "/api/users/login", { body: { username: "lucas.moreau", password: DEMO_PASSWORD } });
  token = ((await login.json()) as { token: string }).token;
});
afterAll(() => ctx.close());

describe("demo profiles", () => {
  it("shows real leaderboards with avatars; m.durand takes part, s.lambert and the admin do not", async () => {
    const board = (await (await ctx.request("GET", "/api/users/leaderboard", { token })).json()) as LeaderboardResponse;
    const names = board.users.map((u) => u.username);
    expect(names).toContain("m.durand");
    expect(names).not.toContain("s.lambert");
    expect(names).not.toContain("claire.admin");
    expect(board.users.filter((u) => u.avatar).length).toBeGreaterThanOrEqual(5);
    const emma = board.users.find((u) => u.username === "emma.petit")!;
    const picture = await ctx.request("GET", emma.avatar!, { token });
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await picture.arrayBuffer()).subarray(1, 4)).toEqual(new TextEncoder().encode("PNG"));
  });

  it("the completed-tasks board has a real order", async () => {
    const board = (await (await ctx.request("GET", "/api/users/leaderboard?sort=tasks", { token })).json()) as LeaderboardResponse;
    expect(board.users.slice(0, 3).map((u) => u.username)).toEqual(["chloe.roux", "lea.martin", "hugo.bernard"]);
    expect(board.users[0]!.completedTasks).toBeGreaterThanOrEqual(12);
  });

  it("emma.petit has music another student can play, and a note", async () => {
    const board = (await (await ctx.request("GET", "/api/users/leaderboard", { token })).json()) as LeaderboardResponse;
    const emma = await profile(board.users.find((u) => u.username === "emma.petit")!.id);
    expect(emma).toMatchObject({ musicTitle: "Petite mélodie de Planify", musicStartSeconds: 0, musicDurationSeconds: 7 });
    expect(emma.publicNote).toBeTruthy();
    const audio = await ctx.request("GET", emma.musicSrc!, { token, headers: { range: "bytes=0-2" } });
    expect(audio.status).toBe(206);
    expect(new TextDecoder().decode(await audio.arrayBuffer())).toBe("ID3");
  });
});

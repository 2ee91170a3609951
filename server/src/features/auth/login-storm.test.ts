// A whole class signing in at once: every login goes through the hash limiter, none is
// lost, and only a full queue refuses (503, French message, Retry-After).
import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { users } from "../../db/schema";
import { configureHashLimit } from "../../lib/password-work";
import { fastUsers } from "../coins/test-kit";

let ctx: TestContext;
afterEach(() => {
  ctx?.close();
  configureHashLimit(null);
});

/** `count` students with the test kit's password, by username. */
async function students(count: number): Promise<string[]> {
  const ids = (await fastUsers(ctx, count, "eleve", "storm")).map((u) => u.id);
  return (await ctx.deps.db.select({ username: users.username }).from(users).where(inArray(users.id, ids))).map((r) => r.username);
}

const login = (username: string) => ctx.request("POST", "/api/users/login", { body: { username, password: "motdepasse-123" } });

describe("login storm", () => {
  it("48 students logging in at once all get their session, one hash at a time", async () => {
    ctx = createTestApp();
    const limiter = configureHashLimit(1);
    const names = await students(48);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, limiter.active)), 1);
    const answers = await Promise.all(names.map(login));
    clearInterval(sampler);
    expect(answers.map((r) => r.status)).toEqual(Array(48).fill(200));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { username: string; token: string }[];
    expect(new Set(bodies.map((b) => b.username))).toEqual(new Set(names));
    expect(bodies.every((b) => typeof b.token === "string" && b.token.length > 20)).toBe(true);
    expect(peak).toBeLessThanOrEqual(1);
  });

  it("a full queue answers 503 with a French message and Retry-After, and the try is not held against the account", async () => {
    ctx = createTestApp();
    const [name] = await students(1);
    const limiter = configureHashLimit(1, 2);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // One hash running and two waiting: the queue is full.
    const held = [limiter.run(() => gate), limiter.run(() => gate), limiter.run(() => gate)];
    const refused = await login(name!);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toEqual({
      success: false,
      code: "SERVER_BUSY",
      message: "Trop de connexions en même temps : réessayez dans quelques secondes.",
    });
    expect(await ctx.deps.engine.raw.get("SELECT CAST(count(*) AS INTEGER) AS n FROM auth_attempts")).toEqual({ n: 0 });
    release();
    await Promise.all(held);
    expect((await login(name!)).status).toBe(200);
  });
});

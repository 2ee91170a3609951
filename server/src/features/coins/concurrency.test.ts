import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { borderColor } from "@planify/common/constants/border-colors";
import { catalogueItem } from "@planify/common/constants/catalogue";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { coinLedger, redeemCodes, users, wheelSpins } from "../../db/schema";
import { credit, fastUsers, todayShop } from "./test-kit";
import { first } from "../../db/engine";

// These run against a real HTTP server (the in-process app listening on 127.0.0.1).
let ctx: TestContext;
let base = "";
beforeAll(() => {
  ctx = createTestApp();
  const server = ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${server.server!.port}`;
});
afterAll(async () => {
  await ctx.app.stop();
  ctx.close();
});

async function call(method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function shopPrices() {
  const shop = await todayShop(ctx);
  return [
    ...shop.itemIds.map((id) => ({ ref: id as number | string, price: catalogueItem(id)!.price! })),
    ...shop.colorIds.map((id) => ({ ref: id as number | string, price: borderColor(id)!.price })),
  ];
}

describe("concurrency over HTTP", () => {
  it("100 simultaneous purchases with coins for one: exactly one succeeds", async () => {
    const [u] = await fastUsers(ctx, 1, "eleve", "buyer");
    const entries = await shopPrices();
    const cheapest = Math.min(...entries.map((e) => e.price));
    await credit(ctx, u!.id, cheapest);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call("POST", "/api/coins/purchase", u!.token, { itemId: entries[i % entries.length]!.ref, price: 0 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => [200, 400, 409].includes(r.status))).toBe(true);
    const row = (await first(ctx.deps.db.select().from(users).where(eq(users.id, u!.id))))!;
    expect(row.coins).toBe(0);
  });

  it("50 simultaneous spins: one succeeds", async () => {
    const [u] = await fastUsers(ctx, 1, "eleve", "spinner");
    const results = await Promise.all(Array.from({ length: 50 }, () => call("POST", "/api/coins/spin-wheel", u!.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await ctx.deps.db.select().from(wheelSpins).where(eq(wheelSpins.userId, u!.id))).toHaveLength(1);
  });

  it("a code with maxUses 3 redeemed by 50 users at once: 3 succeed", async () => {
    const [admin] = await fastUsers(ctx, 1, "admin", "codeadmin");
    const redeemers = await fastUsers(ctx, 50, "eleve", "redeemer");
    const { body } = await call("POST", "/api/redeem-codes/generate", admin!.token, { rewardType: "item", itemId: 26, maxUses: 3 });
    const results = await Promise.all(redeemers.map((r) => call("POST", "/api/redeem-codes/redeem", r.token, { code: body.code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.message === "Ce code a atteint son nombre maximal d'utilisations."),
    ).toBe(true);
    expect((await first(ctx.deps.db.select().from(redeemCodes).where(eq(redeemCodes.code, body.code))))!.usedCount).toBe(3);
  });

  it("the same purchase retried at once with one Idempotency-Key is charged once", async () => {
    const [u] = await fastUsers(ctx, 1, "eleve", "retry");
    const entry = (await shopPrices())[0]!;
    await credit(ctx, u!.id, 5000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call("POST", "/api/coins/purchase", u!.token, { itemId: entry.ref }, { "Idempotency-Key": "k-42" })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const charges = (await ctx.deps.db.select().from(coinLedger).where(eq(coinLedger.userId, u!.id))).filter(
      (r) => r.reason === "purchase",
    );
    expect(charges).toHaveLength(1);
    expect((await first(ctx.deps.db.select().from(users).where(eq(users.id, u!.id))))!.coins).toBe(5000 - entry.price);
  });

  it("after 5 000 random concurrent operations every balance equals its ledger sum and none is negative", async () => {
    const [admin] = await fastUsers(ctx, 1, "admin", "opsadmin");
    const people = await fastUsers(ctx, 25, "eleve", "ops");
    for (const [i, p] of people.entries()) {
      if (i % 2 === 0)
        await ctx.deps.db
          .update(users)
          .set({ faction: i % 4 === 0 ? "Bagnat" : "Fermier" })
          .where(eq(users.id, p.id));
      await credit(ctx, p.id, (i * 97) % 700);
    }
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await call("POST", "/api/redeem-codes/generate", admin!.token, {
        rewardType: "border-color",
        colorId: ["gold", "midnight", "g210", "g220", "ocean"][i],
        maxUses: 7,
      });
      codes.push(body.code);
    }
    const rnd = (n: number) => Math.floor(Math.random() * n);
    const op = async (k: number) => {
      const p = people[rnd(people.length)]!;
      if (k % 1000 === 999) ctx.clock.now += 86_400_000; // a new Paris day: new spins, new shop
      switch (rnd(6)) {
        case 0: {
          const e = await shopPrices();
          return call(
            "POST",
            "/api/coins/purchase",
            p.token,
            { itemId: e[rnd(e.length)]!.ref, price: 1 },
            rnd(3) === 0 ? { "Idempotency-Key": `op-${rnd(40)}` } : {},
          );
        }
        case 1:
          return call("POST", "/api/coins/spin-wheel", p.token, undefined, rnd(2) ? { "Idempotency-Key": `spin-${rnd(10)}` } : {});
        case 2:
          return call("POST", "/api/redeem-codes/redeem", p.token, { code: codes[rnd(codes.length)]! });
        case 3:
          return call("POST", "/api/coins/equip", p.token, { itemId: rnd(25) });
        case 4:
          return call("POST", "/api/users-admin", admin!.token, {
            action: (["update-coins", "update-leaderboard-coins", "update-faction-coins"] as const)[rnd(3)],
            userId: p.id,
            coins: rnd(900),
            leaderboardCoins: rnd(900),
            factionCoins: rnd(900),
          });
        default:
          return call("GET", "/api/coins/inventory", p.token);
      }
    };
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 25; batch++) {
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => op(batch * 200 + i)));
      for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    expect(statuses.get(500)).toBeUndefined();
    expect(statuses.get(200)).toBeGreaterThan(1000);
    const rows = await ctx.deps.db
      .select({
        id: users.id,
        coins: users.coins,
        l: users.leaderboardCoins,
        f: users.factionCoins,
        sc: sql<number>`(select coalesce(sum(coins_delta), 0) from coin_ledger where user_id = "users"."id")`.mapWith(Number),
        sl: sql<number>`(select coalesce(sum(leaderboard_delta), 0) from coin_ledger where user_id = "users"."id")`.mapWith(Number),
        sf: sql<number>`(select coalesce(sum(faction_delta), 0) from coin_ledger where user_id = "users"."id")`.mapWith(Number),
      })
      .from(users);
    for (const r of rows) {
      expect([r.coins, r.l, r.f]).toEqual([r.sc, r.sl, r.sf]);
      expect(Math.min(r.coins, r.l, r.f)).toBeGreaterThanOrEqual(0);
    }
    const reasons = await ctx.deps.db
      .select({ reason: coinLedger.reason, n: sql<number>`count(*)`.mapWith(Number) })
      .from(coinLedger)
      .groupBy(coinLedger.reason);
    const count = (reason: string) => reasons.find((r) => r.reason === reason)?.n ?? 0;
    expect(count("purchase")).toBeGreaterThan(20);
    expect(count("wheel")).toBeGreaterThan(20);
    expect(count("admin-set")).toBeGreaterThan(200);
    for (const code of codes)
      expect((await first(ctx.deps.db.select().from(redeemCodes).where(eq(redeemCodes.code, code))))!.usedCount).toBeLessThanOrEqual(7);
  });
});

import { first } from "../../db/engine";
import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { coinLedger, users } from "../../db/schema";
import { credit, fastUsers, json } from "../coins/test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("admin gifts and acknowledgement", () => {
  it("gives an unseen gift with a message, refuses a second gift with 'déjà', acks by GET and POST", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [u] = await fastUsers(ctx, 1);
    const give = await ctx.request("POST", `/api/users/${u!.id}/give-item`, {
      token: admin!.token,
      body: { itemId: 26, itemName: "Cœur", adminMessage: "Merci pour ton aide !" },
    });
    expect(give.status).toBe(201);
    const twice = await ctx.request("POST", `/api/users/${u!.id}/give-item`, { token: admin!.token, body: { itemId: 26 } });
    expect(twice.status).toBe(400);
    expect((await json(twice)).message).toContain("déjà");
    await ctx.request("POST", `/api/users/${u!.id}/give-item`, { token: admin!.token, body: { itemId: "sunset" } });
    let inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv.purchasedItems.find((i: { itemId: number }) => i.itemId === 26)).toMatchObject({
      itemName: "Cœur",
      adminMessage: "Merci pour ton aide !",
      adminGiftRead: false,
      colorId: null,
    });
    expect(inv.purchasedItems.find((i: { itemId: number }) => i.itemId === 113)).toMatchObject({ colorId: "sunset", adminGiftRead: false });
    expect((await ctx.request("GET", "/api/users/ack-gift/26", { token: u!.token })).status).toBe(200);
    expect((await ctx.request("POST", "/api/users/ack-gift/113", { token: u!.token })).status).toBe(200);
    inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv.purchasedItems.every((i: { adminGiftRead: boolean }) => i.adminGiftRead)).toBe(true);
    expect(
      (
        await ctx.request("POST", `/api/users/${u!.id}/give-item`, {
          token: admin!.token,
          body: { itemId: 3, adminMessage: "x".repeat(201) },
        })
      ).status,
    ).toBe(400);
  });

  it("removes an owned item (unequipping it) and answers 404 'Item non trouvé' otherwise", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [u] = await fastUsers(ctx, 1);
    await ctx.request("POST", `/api/users/${u!.id}/give-item`, { token: admin!.token, body: { itemId: 7 } });
    await ctx.request("POST", "/api/coins/equip", { token: u!.token, body: { itemId: 7 } });
    expect((await ctx.request("POST", `/api/users/${u!.id}/remove-item`, { token: admin!.token, body: { itemId: 7 } })).status).toBe(200);
    const inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv.equippedItemId).toBeNull();
    const missing = await ctx.request("POST", `/api/users/${u!.id}/remove-item`, { token: admin!.token, body: { itemId: 7 } });
    expect([missing.status, (await json(missing)).message]).toEqual([404, "Item non trouvé"]);
    const student = await ctx.request("POST", `/api/users/${u!.id}/give-item`, { token: u!.token, body: { itemId: 8 } });
    expect(student.status).toBe(403);
  });

  it("stores dynamic item variants within their range", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    expect(
      await json(await ctx.request("POST", "/api/users/dynamic-item-variants", { token: u!.token, body: { itemId: 23, variantIndex: 2 } })),
    ).toMatchObject({ variants: { "23": 2 } });
    expect(
      (await ctx.request("POST", "/api/users/dynamic-item-variants", { token: u!.token, body: { itemId: 24, variantIndex: 2 } })).status,
    ).toBe(400);
    expect(
      (await ctx.request("POST", "/api/users/dynamic-item-variants", { token: u!.token, body: { itemId: 7, variantIndex: 0 } })).status,
    ).toBe(400);
    expect(await json(await ctx.request("GET", "/api/users/dynamic-item-variants", { token: u!.token }))).toEqual({
      success: true,
      variants: { "23": 2 },
    });
  });

  it("refuses a style for an item that does not exist (created items are checked against the catalogue)", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    const post = (itemId: number) =>
      ctx.request("POST", "/api/users/dynamic-item-variants", { token: u!.token, body: { itemId, variantIndex: 0 } });
    for (const id of [-1, 5, 999]) {
      const res = await post(id);
      expect([res.status, (await json(res)).message]).toEqual([400, "Cet item n'a pas de variantes."]);
    }
    expect(await json(await ctx.request("GET", "/api/users/dynamic-item-variants", { token: u!.token }))).toEqual({
      success: true,
      variants: {},
    });
  });
});

describe("POST /users-admin coin actions", () => {
  it("sets balances to a value; the ledger records the difference; students get 403", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [u] = await fastUsers(ctx, 1);
    await credit(ctx, u!.id, 500);
    const set = await ctx.request("POST", "/api/users-admin", {
      token: admin!.token,
      body: { action: "update-coins", userId: u!.id, coins: 120 },
    });
    expect(await json(set)).toMatchObject({ success: true, coins: 120 });
    await ctx.request("POST", "/api/users-admin", {
      token: admin!.token,
      body: { action: "update-leaderboard-coins", userId: u!.id, leaderboardCoins: 40 },
    });
    await ctx.request("POST", "/api/users-admin", {
      token: admin!.token,
      body: { action: "update-faction-coins", userId: u!.id, factionCoins: 9 },
    });
    expect(
      (await ctx.request("POST", "/api/users-admin", { token: admin!.token, body: { action: "update-coins", userId: u!.id, coins: -1 } }))
        .status,
    ).toBe(400);
    expect(
      (await ctx.request("POST", "/api/users-admin", { token: u!.token, body: { action: "update-coins", userId: u!.id, coins: 99999 } }))
        .status,
    ).toBe(403);
    expect(
      (await ctx.request("POST", "/api/users-admin", { token: admin!.token, body: { action: "update-coins", userId: "nobody", coins: 1 } }))
        .status,
    ).toBe(404);
    const row = (await first(ctx.deps.db.select().from(users).where(eq(users.id, u!.id))))!;
    expect([row.coins, row.leaderboardCoins, row.factionCoins]).toEqual([120, 40, 9]);
    const sums = (await first(
      ctx.deps.db
        .select({
          c: sql<number>`sum(${coinLedger.coinsDelta})`.mapWith(Number),
          l: sql<number>`sum(${coinLedger.leaderboardDelta})`.mapWith(Number),
          f: sql<number>`sum(${coinLedger.factionDelta})`.mapWith(Number),
        })
        .from(coinLedger)
        .where(eq(coinLedger.userId, u!.id)),
    ))!;
    expect(sums).toEqual({ c: 120, l: 40, f: 9 });
    expect((await ctx.deps.db.select().from(coinLedger).where(eq(coinLedger.reason, "admin-set"))).map((r) => r.coinsDelta)).toContain(
      -380,
    );
  });
});

describe("POST /users-admin set-border-color", () => {
  it("gives and selects a colour by id or composite id, and sets the free default back without a gift", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [u] = await fastUsers(ctx, 1);
    const setColor = (colorId: string) =>
      ctx.request("POST", "/api/users-admin", {
        token: admin!.token,
        body: { action: "set-border-color", userId: u!.id, colorId, adminMessage: "Bravo" },
      });
    const selected = async () => (await first(ctx.deps.db.select().from(users).where(eq(users.id, u!.id))))!.selectedBorderColor;
    expect(await selected()).toBe("default");
    expect((await setColor("midnight|dv=1|jv=0")).status).toBe(200);
    expect(await selected()).toBe("midnight");
    const inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv.purchasedItems.find((i: { itemId: number }) => i.itemId === 121)).toMatchObject({
      colorId: "midnight",
      adminMessage: "Bravo",
      adminGiftRead: false,
    });
    expect((await setColor("default")).status).toBe(200);
    expect(await selected()).toBe("default");
    expect((await setColor("black")).status).toBe(400);
  });
});

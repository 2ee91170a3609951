import { first, runSql } from "../../db/engine";
import { afterEach, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { catalogueItem } from "@planify/common/constants/catalogue";
import { borderColor } from "@planify/common/constants/border-colors";
import { PURCHASE_UNDO_MS } from "@planify/common/constants/economy";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { coinLedger, users } from "../../db/schema";
import { credit, fastUsers, json, todayShop } from "./test-kit";

// « Annuler » on the purchase toast: POST /coins/refund gives back what the purchase took,
// once, within 10 s by the server's clock, while the item is unused and was bought.
let ctx: TestContext;
afterEach(() => ctx?.close());

const balance = async (userId: string) =>
  (await first(ctx.deps.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId))))!.coins;
const refunds = async (userId: string) =>
  await ctx.deps.db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, userId), eq(coinLedger.reason, "purchase-refund")));

async function buyer(coins = 2000) {
  ctx = createTestApp();
  const [u] = await fastUsers(ctx, 1);
  await credit(ctx, u!.id, coins);
  const itemId = (await todayShop(ctx)).itemIds[0]!;
  const bought = await ctx.request("POST", "/api/coins/purchase", { token: u!.token, body: { itemId } });
  expect(bought.status).toBe(200);
  const refund = (body: unknown = { itemId }, headers: Record<string, string> = {}) =>
    ctx.request("POST", "/api/coins/refund", { token: u!.token, body, headers });
  return { u: u!, itemId, price: catalogueItem(itemId)!.price!, refund };
}

async function inventoryIds(token: string) {
  const inv = await json(await ctx.request("GET", "/api/coins/inventory", { token }));
  return inv.purchasedItems.map((i: { itemId: number }) => i.itemId) as number[];
}

describe("POST /coins/refund", () => {
  it("within 10 s gives the price back through the ledger and removes the item", async () => {
    const { u, itemId, price, refund } = await buyer();
    ctx.clock.now += PURCHASE_UNDO_MS - 1;
    const res = await refund();
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ success: true, newCoins: 2000, refunded: price, itemId, colorId: null });
    expect((await json(await refund())).message).toBe("Cet achat a déjà été annulé.");
    expect(await balance(u.id)).toBe(2000);
    expect(await refunds(u.id)).toMatchObject([{ coinsDelta: price, reference: `item:${itemId}` }]);
    expect(await inventoryIds(u.token)).toEqual([0]);
    // Sold again today: it can be bought again, at the same price.
    expect((await ctx.request("POST", "/api/coins/purchase", { token: u.token, body: { itemId } })).status).toBe(200);
    expect(await balance(u.id)).toBe(2000 - price);
  });

  it("two refunds sent at once (a double tap) refund once, with or without one Idempotency-Key", async () => {
    const { u, price, refund } = await buyer();
    const sameKey = await Promise.all([
      refund(undefined, { "idempotency-key": "annuler-1" }),
      refund(undefined, { "idempotency-key": "annuler-1" }),
    ]);
    expect(sameKey.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(sameKey.map(json));
    expect(b).toEqual(a);
    expect(await balance(u.id)).toBe(2000);
    expect(await refunds(u.id)).toHaveLength(1);

    const again = await buyer();
    const apart = await Promise.all([again.refund(), again.refund()]);
    expect(apart.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = await json(apart.find((r) => r.status === 409)!);
    expect(refused).toMatchObject({ success: false, code: "ALREADY_REFUNDED", message: "Cet achat a déjà été annulé." });
    expect(await balance(again.u.id)).toBe(2000);
    expect(await refunds(again.u.id)).toHaveLength(1);
    expect(price).toBeGreaterThan(0);
  });

  it("after 10 s the server refuses in French and keeps the coins", async () => {
    const { u, price, refund } = await buyer();
    ctx.clock.now += PURCHASE_UNDO_MS + 1;
    const res = await refund();
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({
      code: "REFUND_TOO_LATE",
      message: "Trop tard : un achat ne s'annule que dans les 10 secondes qui suivent.",
    });
    expect(await balance(u.id)).toBe(2000 - price);
    expect(await refunds(u.id)).toHaveLength(0);
  });

  it("refuses while the item is equipped, and refunds once it is unequipped again", async () => {
    const { u, itemId, refund } = await buyer();
    await ctx.request("POST", "/api/coins/equip", { token: u.token, body: { itemId } });
    const res = await refund();
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ code: "REFUND_IN_USE", message: "Cet item est équipé : déséquipe-le pour annuler l'achat." });
    await ctx.request("POST", "/api/coins/unequip", { token: u.token });
    expect((await refund()).status).toBe(200);
  });

  it("a border colour is refunded unless it is the selected border", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    await credit(ctx, u!.id, 1000);
    const colorId = (await todayShop(ctx)).colorIds[0]!;
    await ctx.request("POST", "/api/coins/purchase", { token: u!.token, body: { itemId: colorId, type: "border-color" } });
    await ctx.request("POST", "/api/coins/border-color", { token: u!.token, body: { colorId } });
    const inUse = await ctx.request("POST", "/api/coins/refund", { token: u!.token, body: { itemId: colorId } });
    expect(await json(inUse)).toMatchObject({
      code: "REFUND_IN_USE",
      message: "Cette bordure est utilisée : choisis-en une autre pour annuler l'achat.",
    });
    await ctx.request("POST", "/api/coins/border-color", { token: u!.token, body: { colorId: "default" } });
    const res = await ctx.request("POST", "/api/coins/refund", { token: u!.token, body: { itemId: colorId } });
    expect(await json(res)).toMatchObject({ success: true, refunded: borderColor(colorId)!.price, colorId, newCoins: 1000 });
    const inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv.borderColors).toEqual(["default"]);
  });

  it("refunds what the purchase took (its ledger row), whatever the price is now", async () => {
    const { u, itemId, price, refund } = await buyer();
    // As if the shop's price had been multiplied for this buyer's faction: the ledger holds what was paid.
    await runSql(ctx.deps.db, sql`UPDATE coin_ledger SET coins_delta = ${-price * 2} WHERE user_id = ${u.id} AND reason = 'purchase'`);
    await ctx.deps.db
      .update(users)
      .set({ coins: 2000 - price * 2 })
      .where(eq(users.id, u.id));
    expect(await json(await refund())).toMatchObject({ refunded: price * 2, newCoins: 2000, itemId });
  });

  it("a gift, or an item never bought, cannot be refunded", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    const admin = await ctx.user({ role: "admin", username: "chef" });
    await ctx.request("POST", `/api/users/${u!.id}/give-item`, { token: admin.token, body: { itemId: 7 } });
    const gift = await ctx.request("POST", "/api/coins/refund", { token: u!.token, body: { itemId: 7 } });
    expect(gift.status).toBe(409);
    expect(await json(gift)).toMatchObject({
      code: "REFUND_UNAVAILABLE",
      message: "Cet item n'a pas été acheté : il ne peut pas être remboursé.",
    });
    const never = await ctx.request("POST", "/api/coins/refund", { token: u!.token, body: { itemId: 8 } });
    expect(await json(never)).toMatchObject({ code: "REFUND_UNAVAILABLE", message: "Aucun achat de cet item à annuler." });
    expect(await balance(u!.id)).toBe(0);
  });
});

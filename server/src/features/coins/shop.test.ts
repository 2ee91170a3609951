import { first } from "../../db/engine";
import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { catalogueItem } from "@planify/common/constants/catalogue";
import { borderColor } from "@planify/common/constants/border-colors";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { coinLedger, users } from "../../db/schema";
import { credit, fastUsers, itemNotInShop, json, todayShop } from "./test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());

async function balance(userId: string) {
  return (await first(ctx.deps.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId))))!.coins;
}
async function ledgerSum(userId: string) {
  return (await first(
    ctx.deps.db
      .select({ s: sql<number>`coalesce(sum(${coinLedger.coinsDelta}), 0)`.mapWith(Number) })
      .from(coinLedger)
      .where(eq(coinLedger.userId, userId)),
  ))!.s;
}

describe("purchase", () => {
  it("buys an item of today's shop at the catalogue price, whatever price the client sends", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    const itemId = (await todayShop(ctx)).itemIds[0]!;
    const price = catalogueItem(itemId)!.price!;
    await credit(ctx, u!.id, price + 5);
    const res = await ctx.request("POST", "/api/coins/purchase", {
      token: u!.token,
      body: { itemId, itemName: "x", price: 1, type: "cosmetic" },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      success: true,
      newCoins: 5,
      purchasedItem: { itemId, itemName: catalogueItem(itemId)!.name, equipped: false, adminGiftRead: true, colorId: null },
    });
    expect(body.message).toContain(catalogueItem(itemId)!.name);
    expect(await balance(u!.id)).toBe(5);
    expect(await ledgerSum(u!.id)).toBe(5);
    const again = await ctx.request("POST", "/api/coins/purchase", { token: u!.token, body: { itemId } });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe("Tu possèdes déjà cet item.");
  });

  it("refuses forged purchases and changes nothing", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    await credit(ctx, u!.id, 100);
    const shop = await todayShop(ctx);
    const cheapest = Math.min(...shop.itemIds.map((id) => catalogueItem(id)!.price!));
    const expensive = shop.itemIds.find((id) => catalogueItem(id)!.price! > 100);
    const cases: [unknown, number, string][] = [
      [{ itemId: await itemNotInShop(ctx), price: 0 }, 400, "Cet item n'est pas en vente aujourd'hui."],
      [{ itemId: 25, price: 0 }, 400, "Cet item n'est pas en vente aujourd'hui."],
      [{ itemId: 0 }, 400, "Cet item n'est pas en vente aujourd'hui."],
      [{ itemId: 999 }, 400, "Item inconnu."],
    ];
    if (expensive !== undefined) cases.push([{ itemId: expensive, price: 1 }, 400, "Pas assez de coins."]);
    for (const [body, status, message] of cases) {
      const res = await ctx.request("POST", "/api/coins/purchase", { token: u!.token, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await json(res)).message).toBe(message);
    }
    expect(await balance(u!.id)).toBe(100);
    expect(await ledgerSum(u!.id)).toBe(100);
    const inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv.purchasedItems.map((i: { itemId: number }) => i.itemId)).toEqual([0]);
    expect(cheapest).toBeGreaterThan(0);
  });

  it("buys a colour of today's shop by its colour id and unlocks it", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    await credit(ctx, u!.id, 1000);
    const colorId = (await todayShop(ctx)).colorIds[0]!;
    const res = await ctx.request("POST", "/api/coins/purchase", { token: u!.token, body: { itemId: colorId, type: "border-color" } });
    expect(res.status).toBe(200);
    expect((await json(res)).purchasedItem).toMatchObject({ colorId, itemId: borderColor(colorId)!.legacyId });
    const inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv.borderColors).toEqual(["default", colorId]);
    expect(inv.coins).toBe(1000 - borderColor(colorId)!.price);
  });

  it("answers the first result for a retried purchase with one Idempotency-Key", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    await credit(ctx, u!.id, 2000);
    const itemId = (await todayShop(ctx)).itemIds[0]!;
    const send = () =>
      ctx.request("POST", "/api/coins/purchase", { token: u!.token, body: { itemId }, headers: { "idempotency-key": "achat-1" } });
    const first = await json(await send());
    const second = await send();
    expect(second.status).toBe(200);
    expect(await json(second)).toEqual(first);
    expect(await balance(u!.id)).toBe(2000 - catalogueItem(itemId)!.price!);
    expect(await ctx.deps.db.select().from(coinLedger).where(eq(coinLedger.reason, "purchase"))).toHaveLength(1);
  });
});

describe("equip and border colour", () => {
  it("equips only owned items, one at a time; item 0 is always owned", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    await credit(ctx, u!.id, 2000);
    const [a, b] = (await todayShop(ctx)).itemIds;
    const refused = await ctx.request("POST", "/api/coins/equip", { token: u!.token, body: { itemId: a } });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe("Tu ne possèdes pas cet item.");
    for (const id of [a, b]) await ctx.request("POST", "/api/coins/purchase", { token: u!.token, body: { itemId: id } });
    expect((await ctx.request("POST", "/api/coins/equip", { token: u!.token, body: { itemId: a } })).status).toBe(200);
    expect((await ctx.request("POST", "/api/coins/equip", { token: u!.token, body: { itemId: String(b) } })).status).toBe(200);
    let inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv.equippedItemId).toBe(b);
    expect(inv.purchasedItems.filter((i: { equipped: boolean }) => i.equipped).map((i: { itemId: number }) => i.itemId)).toEqual([b]);
    await ctx.request("POST", "/api/coins/unequip", { token: u!.token, body: { itemId: b } });
    inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv.equippedItemId).toBeNull();
    expect((await ctx.request("POST", "/api/coins/equip", { token: u!.token, body: { itemId: 0 } })).status).toBe(200);
    expect((await ctx.request("POST", "/api/coins/unequip", { token: u!.token })).status).toBe(200);
  });

  it("equipping the item already equipped unequips it (a toggle)", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    await credit(ctx, u!.id, 2000);
    const [a] = (await todayShop(ctx)).itemIds;
    await ctx.request("POST", "/api/coins/purchase", { token: u!.token, body: { itemId: a } });
    const equip = async () => json(await ctx.request("POST", "/api/coins/equip", { token: u!.token, body: { itemId: a } }));
    expect(await equip()).toMatchObject({ success: true, equippedItemId: a, message: `${catalogueItem(a!)!.name} équipé.` });
    expect(await equip()).toMatchObject({ success: true, equippedItemId: null, message: "Item déséquipé." });
    expect((await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }))).equippedItemId).toBeNull();
    expect(await equip()).toMatchObject({ equippedItemId: a });
  });

  it("selects only unlocked colours and stores the composite variants", async () => {
    ctx = createTestApp();
    const [u] = await fastUsers(ctx, 1);
    const select = (colorId: string) => ctx.request("POST", "/api/coins/border-color", { token: u!.token, body: { colorId } });
    const locked = await select("gold|dv=0|jv=0");
    expect(locked.status).toBe(403);
    expect((await json(locked)).message).toBe("Cette couleur n'est pas débloquée.");
    for (const bad of ["nope", "black", "default|dv=3|jv=0", "default:2:1"]) expect([bad, (await select(bad)).status]).toEqual([bad, 400]);
    const ok = await select("default|dv=2|jv=1");
    expect(await json(ok)).toMatchObject({ success: true, colorId: "default|dv=2|jv=1", selectedBorderColor: "default" });
    let inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv).toMatchObject({ selectedBorderColor: "default", discordVariantIndex: 2, jojoVariantIndex: 1 });
    // A bare colour id is accepted and means dv=0, jv=0.
    await credit(ctx, u!.id, 1000);
    const colorId = (await todayShop(ctx)).colorIds[0]!;
    await ctx.request("POST", "/api/coins/purchase", { token: u!.token, body: { itemId: colorId, type: "border-color" } });
    expect(await json(await select(colorId))).toMatchObject({
      success: true,
      colorId: `${colorId}|dv=0|jv=0`,
      selectedBorderColor: colorId,
    });
    inv = await json(await ctx.request("GET", "/api/coins/inventory", { token: u!.token }));
    expect(inv).toMatchObject({ selectedBorderColor: colorId, discordVariantIndex: 0, jojoVariantIndex: 0 });
  });
});

import { first } from "../../db/engine";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { adminJournal, coinLedger, users } from "../../db/schema";
import { drawShop } from "../coins/daily-shop-draw";
import { credit, fastUsers, json } from "../coins/test-kit";
import { createdDailyPools } from "./store";
import { itemBody, uploadedPng } from "./test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());

async function setup() {
  ctx = createTestApp();
  const admin = await ctx.user({ role: "admin", username: "direction" });
  const src = await uploadedPng(ctx, admin.token);
  const as = (token: string) => (method: string, url: string, body?: unknown) => ctx.request(method, url, { token, body });
  return { admin, src, adminCall: as(admin.token), as };
}

describe("a created item in the economy, exactly like a fixed one", () => {
  it("is bought from today's shop at the server's price, equipped with its variant, given by gift and by code", async () => {
    const { src, adminCall, as } = await setup();
    expect((await adminCall("POST", "/api/items", itemBody(src, { legacyId: 600, price: 120 }))).status).toBe(200);
    const [buyer, friend, coder] = await fastUsers(ctx, 3);
    const student = as(buyer!.token);
    await credit(ctx, buyer!.id, 200);

    // Not on sale until it is in today's shop.
    expect((await student("POST", "/api/coins/purchase", { itemId: 600 })).status).toBe(400);
    expect((await adminCall("POST", "/api/coins/weekly-items/test-add", { legacyId: 600 })).status).toBe(200);
    const shop = await json(await student("GET", "/api/coins/weekly-items"));
    expect(shop.weeklyItems.find((e: { legacyId: number }) => e.legacyId === 600)).toMatchObject({
      kind: "item",
      name: "Couronne de lauriers",
      price: 120,
      owned: false,
    });

    // The client's price is ignored: 120 leaves the wallet, through the ledger.
    const bought = await json(await student("POST", "/api/coins/purchase", { itemId: 600, price: 1 }));
    expect(bought).toMatchObject({ success: true, newCoins: 80, purchasedItem: { itemId: 600, itemName: "Couronne de lauriers" } });
    const ledger = await ctx.deps.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, buyer!.id), eq(coinLedger.reason, "purchase")));
    expect(ledger.map((l) => [l.coinsDelta, l.reference])).toEqual([[-120, "item:600"]]);
    expect((await student("POST", "/api/coins/purchase", { itemId: 600 })).status).toBe(409);

    // Equipped; its second style chosen (2 variants: 0 and 1).
    expect(await json(await student("POST", "/api/coins/equip", { itemId: 600 }))).toMatchObject({
      equippedItemId: 600,
      message: "Couronne de lauriers équipé.",
    });
    expect(await json(await student("POST", "/api/users/dynamic-item-variants", { itemId: 600, variantIndex: 1 }))).toMatchObject({
      variants: { "600": 1 },
    });
    expect((await student("POST", "/api/users/dynamic-item-variants", { itemId: 600, variantIndex: 2 })).status).toBe(400);
    const inventory = await json(await student("GET", "/api/coins/inventory"));
    expect(inventory).toMatchObject({ equippedItemId: 600, dynamicItemVariants: { "600": 1 } });
    expect(inventory.purchasedItems.find((p: { itemId: number }) => p.itemId === 600)).toMatchObject({
      itemName: "Couronne de lauriers",
      equipped: true,
    });

    // Given as a gift: an unseen gift with its message.
    const gift = await adminCall("POST", `/api/users/${friend!.id}/give-item`, { itemId: 600, adminMessage: "Pour ton dessin !" });
    expect(await json(gift)).toMatchObject({
      message: expect.stringContaining("Couronne de lauriers offert"),
      purchasedItem: { itemId: 600, adminGiftRead: false },
    });

    // Put in a code and redeemed.
    const made = await json(
      await adminCall("POST", "/api/redeem-codes/generate", { rewardType: "item", items: [{ itemId: 600 }], maxUses: 1 }),
    );
    expect(made.redeemCode.payload.items).toEqual([{ itemId: 600, itemName: "Couronne de lauriers" }]);
    const redeemed = await as(coder!.token)("POST", "/api/redeem-codes/redeem", { code: made.code });
    expect(redeemed.status).toBe(200);
    const coderItems = await json(await as(coder!.token)("GET", "/api/coins/inventory"));
    expect(coderItems.purchasedItems.map((p: { itemId: number }) => p.itemId)).toContain(600);

    // Bulk give counts it among the created items.
    const [late] = await fastUsers(ctx, 1);
    const bulk = await json(await adminCall("POST", "/api/users-admin/bulk-give", { userIds: [late!.id, friend!.id], items: [600] }));
    expect(bulk.summary).toMatchObject({ done: 1, alreadyOwned: 1, dynamicItems: 1 });
  });

  it("joins the daily pools only when marked and priced; test-remove takes it out of today's shop", async () => {
    const { src, adminCall } = await setup();
    await adminCall("POST", "/api/items", itemBody(src, { legacyId: 610, availableInDailyShop: true }));
    await adminCall("POST", "/api/items", itemBody(src, { legacyId: 611, availableInDailyShop: false }));
    await adminCall("POST", "/api/items", itemBody(src, { legacyId: 612, availableInDailyShop: true, price: 0 }));
    await adminCall("POST", "/api/border-colors", { id: "lagon", name: "Lagon", color: "#00CED1", price: 80, availableInDailyShop: true });
    const pools = await createdDailyPools(ctx.deps.db);
    expect(pools).toEqual({ itemIds: [610], colorIds: ["lagon"] });
    // A draw that takes the last entries of each pool picks the created ones, which come last.
    const last = drawShop((n) => n - 1, undefined, pools);
    expect(last.itemIds[0]).toBe(610);
    expect(last.colorIds[0]).toBe("lagon");

    expect((await adminCall("POST", "/api/coins/weekly-items/test-add", { legacyId: 612 })).status).toBe(400);
    await adminCall("POST", "/api/coins/weekly-items/test-add", { legacyId: 610 });
    await adminCall("POST", "/api/coins/weekly-items/test-remove", { legacyId: 610 });
    const shop = await json(await adminCall("GET", "/api/coins/weekly-items"));
    expect(shop.weeklyItems.map((e: { legacyId: number }) => e.legacyId)).not.toContain(610);
  });

  it("unticking « boutique quotidienne » takes an item or colour out of today's shop at once; an owned one stays owned", async () => {
    const { src, adminCall, as } = await setup();
    await adminCall("POST", "/api/items", itemBody(src, { legacyId: 615 }));
    await adminCall("POST", "/api/border-colors", {
      id: "lagon",
      name: "Lagon",
      color: "#00CED1",
      price: 80,
      legacyId: 915,
      availableInDailyShop: true,
    });
    await adminCall("POST", "/api/coins/weekly-items/test-add", { legacyId: 615 });
    await adminCall("POST", "/api/coins/weekly-items/test-add", { legacyId: 915 });
    const [u] = await fastUsers(ctx, 1);
    await credit(ctx, u!.id, 500);
    expect((await as(u!.token)("POST", "/api/coins/purchase", { itemId: 615 })).status).toBe(200);
    await adminCall("PUT", "/api/items/615", itemBody(src, { legacyId: 615, availableInDailyShop: false }));
    await adminCall("PUT", "/api/border-colors?id=lagon", {
      id: "lagon",
      name: "Lagon",
      color: "#00CED1",
      price: 80,
      legacyId: 915,
      availableInDailyShop: false,
    });
    const shop = await json(await as(u!.token)("GET", "/api/coins/weekly-items"));
    expect(shop.weeklyItems.map((e: { legacyId: number }) => e.legacyId)).not.toContain(615);
    expect(shop.weeklyItems.map((e: { legacyId: number }) => e.legacyId)).not.toContain(915);
    expect(
      (await json(await as(u!.token)("GET", "/api/coins/inventory"))).purchasedItems.map((p: { itemId: number }) => p.itemId),
    ).toContain(615);
  });
});

describe("deleting and renumbering created items", () => {
  it("refuses to delete an owned item (owner count) or one a code offers; an unowned one goes from the catalogue and today's shop", async () => {
    const { src, adminCall } = await setup();
    await adminCall("POST", "/api/items", itemBody(src, { legacyId: 620 }));
    await adminCall("POST", "/api/items", itemBody(src, { legacyId: 621 }));
    await adminCall("POST", "/api/items", itemBody(src, { legacyId: 622 }));
    const people = await fastUsers(ctx, 2);
    for (const p of people) await adminCall("POST", `/api/users/${p.id}/give-item`, { itemId: 620 });
    const owned = await adminCall("DELETE", "/api/items/620");
    expect([owned.status, (await json(owned)).message]).toEqual([
      409,
      "Suppression impossible : 2 comptes possèdent cet item. Retirez-le de la boutique (décochez « boutique quotidienne ») ou retirez-le d'abord des collections.",
    ]);
    // Renumbering an owned item would empty those collections: refused too.
    const renumber = await adminCall("PUT", "/api/items/620", itemBody(src, { legacyId: 630 }));
    expect([renumber.status, (await json(renumber)).message]).toEqual([
      409,
      "legacyId déjà utilisé par 2 comptes qui possèdent cet item : il ne peut plus changer.",
    ]);

    await adminCall("POST", "/api/redeem-codes/generate", { rewardType: "item", items: [{ itemId: 621 }] });
    const coded = await adminCall("DELETE", "/api/items/621");
    expect([coded.status, (await json(coded)).message]).toEqual([
      409,
      "Suppression impossible : 1 code cadeau le propose encore. Supprimez ce code d'abord.",
    ]);

    await adminCall("POST", "/api/coins/weekly-items/test-add", { legacyId: 622 });
    expect((await adminCall("DELETE", "/api/items/622")).status).toBe(200);
    const items = await json(await adminCall("GET", "/api/items"));
    expect(items.items.map((i: { legacyId: number }) => i.legacyId)).not.toContain(622);
    expect((await adminCall("GET", "/api/items/622")).status).toBe(404);
    const shop = await json(await adminCall("GET", "/api/coins/weekly-items"));
    expect(shop.weeklyItems.map((e: { legacyId: number }) => e.legacyId)).not.toContain(622);
    // Fixed items cannot be edited or deleted.
    expect(await json(await adminCall("DELETE", "/api/items/23"))).toMatchObject({
      message: "Les items du catalogue fixe ne se modifient pas.",
    });

    const journal = (await ctx.deps.db.select().from(adminJournal)).filter((j) => j.action.startsWith("item."));
    expect(journal.map((j) => j.action)).toEqual(["item.upload", "item.create", "item.create", "item.create", "item.delete"]);
    expect(journal.at(-1)).toMatchObject({ adminUsername: "direction", summary: "Item Couronne de lauriers supprimé (n° 622)" });
  });

  it("an unowned item may change its number; the old one is free again", async () => {
    const { src, adminCall } = await setup();
    await adminCall("POST", "/api/items", itemBody(src, { legacyId: 640 }));
    const moved = await json(await adminCall("PUT", "/api/items/640", itemBody(src, { legacyId: 641 })));
    expect(moved.item).toMatchObject({ legacyId: 641 });
    expect((await adminCall("POST", "/api/items", itemBody(src, { legacyId: 640 }))).status).toBe(200);
    expect((await adminCall("PUT", "/api/items/641", itemBody(src, { legacyId: 640 }))).status).toBe(409);
  });
});

describe("created border colours", () => {
  it("take a derived negative number, are bought and selected like fixed colours, and cannot be deleted once owned", async () => {
    const { adminCall, as } = await setup();
    const made = await json(
      await adminCall("POST", "/api/border-colors", {
        id: "lagon",
        name: "Lagon",
        color: "#00CED1",
        gradient: "",
        price: 80,
        legacyId: null,
      }),
    );
    const number = made.color.legacyId;
    expect(number).toBeLessThan(0);
    expect(made.color).toMatchObject({ type: "border-color", gradient: null });
    const [u] = await fastUsers(ctx, 1);
    await credit(ctx, u!.id, 100);
    await adminCall("POST", "/api/coins/weekly-items/test-add", { legacyId: number });
    const student = as(u!.token);
    expect(await json(await student("POST", "/api/coins/border-color", { colorId: "lagon|dv=0|jv=0" }))).toMatchObject({ success: false });
    const bought = await json(await student("POST", "/api/coins/purchase", { itemId: number, colorId: "lagon" }));
    expect(bought).toMatchObject({ newCoins: 20, purchasedItem: { itemId: number, colorId: "lagon", itemName: "Lagon" } });
    expect(await json(await student("POST", "/api/coins/border-color", { colorId: "lagon|dv=1|jv=0" }))).toMatchObject({
      selectedBorderColor: "lagon",
    });
    expect((await first(ctx.deps.db.select({ c: users.selectedBorderColor }).from(users).where(eq(users.id, u!.id))))!.c).toBe("lagon");

    const refused = await adminCall("DELETE", "/api/border-colors?id=lagon");
    expect([refused.status, (await json(refused)).message]).toEqual([
      409,
      "Suppression impossible : 1 compte possède cette couleur. Retirez-la de la boutique ou des collections d'abord.",
    ]);
    const fixed = await adminCall("PUT", "/api/border-colors?id=ocean", { id: "ocean", name: "Océan", color: "#000000", price: 1 });
    expect([fixed.status, (await json(fixed)).message]).toEqual([400, "Les couleurs du catalogue fixe ne se modifient pas."]);
  });

  it("a gift-only colour (price 0) goes in a code and is given by the admin border action", async () => {
    const { adminCall, as } = await setup();
    await adminCall("POST", "/api/border-colors", {
      id: "aurore-boreale",
      name: "Aurore boréale",
      color: "#26ffb2",
      price: 0,
      legacyId: 950,
    });
    const made = await json(
      await adminCall("POST", "/api/redeem-codes/generate", { rewardType: "border-color", colors: ["aurore-boreale"] }),
    );
    expect(made.redeemCode.payload.colors).toEqual(["aurore-boreale"]);
    const [a, b] = await fastUsers(ctx, 2);
    expect((await as(a!.token)("POST", "/api/redeem-codes/redeem", { code: made.code })).status).toBe(200);
    expect((await json(await as(a!.token)("GET", "/api/coins/inventory"))).borderColors).toContain("aurore-boreale");
    await adminCall("POST", "/api/users-admin", { action: "set-border-color", userId: b!.id, colorId: "aurore-boreale|dv=0|jv=0" });
    const inv = await json(await as(b!.token)("GET", "/api/coins/inventory"));
    expect(inv).toMatchObject({ selectedBorderColor: "aurore-boreale" });
    expect(inv.borderColors).toContain("aurore-boreale");
    // Bought nowhere: price 0 is never on sale.
    expect((await adminCall("POST", "/api/coins/weekly-items/test-add", { legacyId: 950 })).status).toBe(400);
  });

  it("checks ids, colours, gradients and legacy ids", async () => {
    const { adminCall } = await setup();
    const post = async (body: Record<string, unknown>) => {
      const res = await adminCall("POST", "/api/border-colors", { id: "sable", name: "Sable", color: "#C2B280", price: 50, ...body });
      return [res.status, (await json(res)).message];
    };
    expect(await post({ id: "ocean" })).toEqual([409, "Identifiant de couleur déjà utilisé : ocean."]);
    expect(await post({ id: "Sable Fin" })).toEqual([
      400,
      "L'identifiant de couleur est requis : lettres minuscules, chiffres et tirets (40 au plus).",
    ]);
    expect(await post({ color: "red;background:url(x)" })).toEqual([400, "Couleur invalide : utilisez #RRGGBB, rgb() ou rgba()."]);
    expect((await post({ gradient: "linear-gradient(90deg, url(x), #fff)" }))[0]).toBe(400);
    expect(await post({ legacyId: 110 })).toEqual([409, "legacyId déjà utilisé : 110."]);
    expect(await post({ legacyId: "douze" })).toEqual([400, "Définis un ID (legacy) numérique."]);
    expect(await post({ price: -5 })).toEqual([400, "Le prix doit être un entier positif ou nul (100000 au plus)."]);
    expect(await post({ legacyId: 900 })).toEqual([200, "Couleur créée."]);
    expect(await post({ id: "sable-2", legacyId: 900 })).toEqual([409, "legacyId déjà utilisé : 900."]);
    const renamed = await adminCall("PUT", "/api/border-colors?id=sable", { id: "dune", name: "Dune", color: "#C2B280", price: 50 });
    expect([renamed.status, (await json(renamed)).message]).toEqual([
      400,
      "L'identifiant d'une couleur ne change pas : créez une nouvelle couleur.",
    ]);
    await adminCall("PUT", "/api/border-colors?id=sable", { id: "sable", name: "Sable chaud", color: "#D2B48C", price: 60 });
    await adminCall("DELETE", "/api/border-colors?id=sable");
    // One journal entry per accepted write; the refusals left none.
    const journal = (await ctx.deps.db.select().from(adminJournal)).filter((j) => j.action.startsWith("color."));
    expect(journal.map((j) => [j.action, j.summary])).toEqual([
      ["color.create", "Couleur Sable créée (sable, n° 900)"],
      ["color.update", "Couleur Sable chaud modifiée (sable)"],
      ["color.delete", "Couleur Sable chaud supprimée (sable)"],
    ]);
    expect(journal[1]!.details).toMatchObject({
      before: { name: "Sable", legacyId: 900 },
      after: { name: "Sable chaud", legacyId: expect.any(Number) },
    });
  });
});

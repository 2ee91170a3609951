import { first } from "../../db/engine";
import { describe, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import { adminJournal, coinLedger, users } from "../../db/schema";
import { appPerFile, everyActor, scenarioTests, type Scenario } from "../../../test/helpers";
import { credit, fastUsers, json } from "../coins/test-kit";
import { editTodayShop } from "../coins/daily-shop";

// Shop prices by faction: the admin sets a multiplier per faction; the shop shows and the
// purchase charges the catalogue price × the buyer's faction multiplier.

const app = appPerFile();
const adminOnly = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 };
const url = "/api/factions/price-multiplier";
const STARS = 10; // « Étoiles », 100 coins in the catalogue

const rows: Scenario[] = [
  ...everyActor(
    { method: "POST", url, body: { name: "Fermier", priceMultiplier: 1 } },
    adminOnly,
    "only an admin sets a price multiplier",
    {
      401: { code: "UNAUTHORIZED" },
      403: { code: "FORBIDDEN" },
      200: { success: true, faction: "Fermier", priceMultiplier: 1 },
    },
  ),
  {
    name: "below 0.5",
    method: "POST",
    url,
    as: "admin",
    body: { name: "Bagnat", priceMultiplier: 0.45 },
    status: 400,
    expect: { code: "VALIDATION", message: "Le multiplicateur de prix doit être compris entre 0,5 et 3." },
  },
  {
    name: "above 3",
    method: "POST",
    url,
    as: "admin",
    body: { name: "Bagnat", priceMultiplier: 3.5 },
    status: 400,
    expect: { code: "VALIDATION", message: "Le multiplicateur de prix doit être compris entre 0,5 et 3." },
  },
  {
    name: "not a step of 0.05",
    method: "POST",
    url,
    as: "admin",
    body: { name: "Bagnat", priceMultiplier: 1.23 },
    status: 400,
    expect: { message: "Le multiplicateur de prix va par pas de 0,05 (par exemple 1,25)." },
  },
  {
    name: "a string",
    method: "POST",
    url,
    as: "admin",
    body: { name: "Bagnat", priceMultiplier: "1.5" },
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "an unknown faction",
    method: "POST",
    url,
    as: "admin",
    body: { name: "Jedi", priceMultiplier: 1.5 },
    status: 400,
    expect: { code: "UNKNOWN_FACTION" },
  },
];
describe("POST /factions/price-multiplier by role and value", () => scenarioTests(rows, () => app));

const coinsOf = async (id: string) => (await first(app.ctx.deps.db.select({ c: users.coins }).from(users).where(eq(users.id, id))))!.c;

describe("faction prices in the shop", () => {
  it("a Bagnat student at ×1.5 sees and pays 150 for a 100-coin item; a student without faction pays 100", async () => {
    const { ctx, actors } = app;
    const set = await ctx.request("POST", url, { token: actors.admin.token, body: { name: "Bagna", priceMultiplier: 1.5 } });
    expect(set.status).toBe(200);
    expect(await json(set)).toMatchObject({ faction: "Bagnat", priceMultiplier: 1.5, message: "Prix de Bagnat enregistrés (×1,5)." });
    const journal = (await first(ctx.deps.db.select().from(adminJournal).orderBy(desc(adminJournal.id))))!;
    expect(journal).toMatchObject({
      action: "faction.price",
      adminId: actors.admin.id,
      details: { faction: "Bagnat", before: 1, after: 1.5 },
    });

    await editTodayShop(ctx.deps, STARS, "add");
    const [bagnat, loner] = await fastUsers(ctx, 2, "eleve", "prix");
    await ctx.deps.db.update(users).set({ faction: "Bagnat" }).where(eq(users.id, bagnat!.id));
    await credit(ctx, bagnat!.id, 200);
    await credit(ctx, loner!.id, 200);

    const board = await json(await ctx.request("GET", "/api/factions/leaderboard", { token: bagnat!.token }));
    expect(board.priceByFaction).toEqual({ Bagnat: 1.5, Fermier: 1 });

    const shop = await json(await ctx.request("GET", "/api/coins/weekly-items", { token: bagnat!.token }));
    expect(shop.weeklyItems.find((e: { id: number; kind: string }) => e.kind === "item" && e.id === STARS)).toMatchObject({
      price: 150,
      basePrice: 100,
    });
    const lonerShop = await json(await ctx.request("GET", "/api/coins/weekly-items", { token: loner!.token }));
    expect(lonerShop.weeklyItems.find((e: { id: number; kind: string }) => e.kind === "item" && e.id === STARS)).toMatchObject({
      price: 100,
      basePrice: 100,
    });

    // The client's price is ignored: the server charges 150.
    const bought = await ctx.request("POST", "/api/coins/purchase", { token: bagnat!.token, body: { itemId: STARS, price: 100 } });
    expect(bought.status).toBe(200);
    expect((await json(bought)).newCoins).toBe(50);
    expect(await coinsOf(bagnat!.id)).toBe(50);
    const ledger = (await first(
      ctx.deps.db
        .select({ d: sql<number>`sum(${coinLedger.coinsDelta})`.mapWith(Number) })
        .from(coinLedger)
        .where(eq(coinLedger.userId, bagnat!.id)),
    ))!.d;
    expect(ledger).toBe(50);

    const plain = await ctx.request("POST", "/api/coins/purchase", { token: loner!.token, body: { itemId: STARS } });
    expect(plain.status).toBe(200);
    expect(await coinsOf(loner!.id)).toBe(100);
  });

  it("refuses a Bagnat purchase the multiplied price does not cover, and charges nothing", async () => {
    const { ctx, actors } = app;
    await ctx.request("POST", url, { token: actors.admin.token, body: { name: "Bagnat", priceMultiplier: 1.5 } });
    await editTodayShop(ctx.deps, STARS, "add");
    const [u] = await fastUsers(ctx, 1, "eleve", "court");
    await ctx.deps.db.update(users).set({ faction: "Bagnat" }).where(eq(users.id, u!.id));
    await credit(ctx, u!.id, 120);
    const res = await ctx.request("POST", "/api/coins/purchase", { token: u!.token, body: { itemId: STARS } });
    expect(res.status).toBe(400);
    expect(await coinsOf(u!.id)).toBe(120);
  });
});

import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { FAVORITES_MAX, FAVORITES_MESSAGES } from "@planify/common/schemas/favorites";
import { appPerFile, everyActor, scenarioTests, type Scenario, type TestUser } from "../../../test/helpers";
import { createdColors, shopFavorites, users } from "../../db/schema";
import { first } from "../../db/engine";

// Shop favourites: GET and PUT as the original client calls them, POST and DELETE one item
// (our React app). Every signed-in role keeps its own list; a guest is refused.
const app = appPerFile();
const env = () => app;
const ALL_200 = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
const favoritesOf = (json: unknown) => (json as { favorites: number[] }).favorites;

async function call(method: string, url: string, who: TestUser, body?: unknown) {
  const res = await app.ctx.request(method, url, { token: who.token, body });
  return { status: res.status, json: (await res.json()) as { favorites: number[]; message?: string; code?: string } };
}

const rows: Scenario[] = [
  ...everyActor({ method: "GET", url: "/api/coins/favorites" }, ALL_200, "an empty list at first", {
    200: { success: true, favorites: [] },
  }),
  ...everyActor({ method: "POST", url: "/api/coins/favorites/6" }, ALL_200, "adds the Roi", {
    200: { success: true, favorites: [6] },
  }),
  ...everyActor({ method: "POST", url: "/api/coins/favorites/6" }, ALL_200, "adding it again changes nothing", {
    200: { success: true, favorites: [6] },
  }),
  ...everyActor(
    { method: "POST", url: "/api/coins/favorites/5" },
    { ...ALL_200, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 },
    "no item 5",
    {
      404: { success: false, message: FAVORITES_MESSAGES.unknownItem },
    },
  ),
  ...everyActor({ method: "PUT", url: "/api/coins/favorites", body: { favorites: [6, 103, 0] } }, ALL_200, "replaces the list", {
    200: { success: true, favorites: [6, 103, 0] },
  }),
  ...everyActor({ method: "DELETE", url: "/api/coins/favorites/103" }, ALL_200, "removes the yellow border", {
    200: { success: true, favorites: [6, 0] },
  }),
  ...everyActor({ method: "DELETE", url: "/api/coins/favorites/103" }, ALL_200, "removing it again changes nothing", {
    200: { success: true, favorites: [6, 0] },
  }),
  ...everyActor(
    { method: "DELETE", url: "/api/coins/favorites/5" },
    { ...ALL_200, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 },
    "no item 5",
    {
      404: { message: FAVORITES_MESSAGES.unknownItem },
    },
  ),
  ...everyActor({ method: "GET", url: "/api/coins/inventory" }, ALL_200, "the inventory carries the favourites", {
    200: (json) => expect(favoritesOf(json)).toEqual([6, 0]),
  }),
];

describe("favourites, per role", () => scenarioTests(rows, env));

describe("favourites as the original client sends them", () => {
  it("its PUT body round-trips, order kept, through GET and the inventory", async () => {
    const { eleve } = app.actors;
    const put = await call("PUT", "/api/coins/favorites", eleve, { favorites: [24, 12, 121, 1] });
    expect(put).toEqual({ status: 200, json: { success: true, favorites: [24, 12, 121, 1] } });
    expect((await call("GET", "/api/coins/favorites", eleve)).json.favorites).toEqual([24, 12, 121, 1]);
    expect((await call("GET", "/api/coins/inventory", eleve)).json.favorites).toEqual([24, 12, 121, 1]);
    // The original toggles by pushing at the end: a POST lands last.
    expect((await call("POST", "/api/coins/favorites/2", eleve)).json.favorites).toEqual([24, 12, 121, 1, 2]);
  });

  it("drops unknown ids, non-numbers and duplicates silently; numeric strings count", async () => {
    const { etudiant } = app.actors;
    const put = await call("PUT", "/api/coins/favorites", etudiant, { favorites: [7, "8", 5, 99999, "abc", null, true, 7, 1.5, "8", ""] });
    expect(put).toEqual({ status: 200, json: { success: true, favorites: [7, 8] } });
    expect((await call("PUT", "/api/coins/favorites", etudiant, { favorites: [] })).json.favorites).toEqual([]);
  });

  it("a malformed body is a 400 in French, and the list stays", async () => {
    const { delegue } = app.actors;
    await call("PUT", "/api/coins/favorites", delegue, { favorites: [9] });
    const missing = await call("PUT", "/api/coins/favorites", delegue, {});
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe(FAVORITES_MESSAGES.malformed);
    const objects = await call("PUT", "/api/coins/favorites", delegue, { favorites: [{ id: 10 }] });
    expect(objects.status).toBe(400);
    expect(objects.json.message).toBe("Données invalides : favorites.0.");
    expect((await call("POST", "/api/coins/favorites/abc", delegue)).status).toBe(400);
    expect((await call("GET", "/api/coins/favorites", delegue)).json.favorites).toEqual([9]);
  });

  it("two POSTs of the same item at once leave one row", async () => {
    const { prof } = app.actors;
    const both = await Promise.all([call("POST", "/api/coins/favorites/10", prof), call("POST", "/api/coins/favorites/10", prof)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const rows = await first(
      app.ctx.deps.db
        .select({ n: count() })
        .from(shopFavorites)
        .where(and(eq(shopFavorites.userId, prof.id), eq(shopFavorites.itemId, 10))),
    );
    expect(rows?.n).toBe(1);
  });

  it("a created colour may be a favourite; once deleted it leaves the list and can still be removed", async () => {
    const { admin } = app.actors;
    const at = app.ctx.deps.now();
    await app.ctx.deps.db
      .insert(createdColors)
      .values({ id: "lagon", legacyId: 700, name: "Lagon", color: "#00CED1", price: 140, createdAt: at, updatedAt: at });
    expect((await call("PUT", "/api/coins/favorites", admin, { favorites: [700, 3] })).json.favorites).toEqual([700, 3]);
    await app.ctx.deps.db.delete(createdColors).where(eq(createdColors.legacyId, 700));
    expect((await call("GET", "/api/coins/favorites", admin)).json.favorites).toEqual([3]);
    expect((await call("DELETE", "/api/coins/favorites/700", admin)).status).toBe(200);
    expect((await call("DELETE", "/api/coins/favorites/700", admin)).status).toBe(404);
  });
});

describe("the bound", () => {
  it(`keeps at most ${FAVORITES_MAX}; past it a POST is refused in French, an existing one still answers`, async () => {
    const user = await app.ctx.user({ role: "eleve", username: "fav.bound" });
    const at = app.ctx.deps.now();
    const ids = Array.from({ length: FAVORITES_MAX + 5 }, (_, i) => 3000 + i);
    await app.ctx.deps.db.insert(createdColors).values(
      ids.map((legacyId) => ({
        id: `c${legacyId}`,
        legacyId,
        name: `Couleur ${legacyId}`,
        color: "#123456",
        price: 10,
        createdAt: at,
        updatedAt: at,
      })),
    );
    const put = await call("PUT", "/api/coins/favorites", user, { favorites: ids });
    expect(put.json.favorites).toEqual(ids.slice(0, FAVORITES_MAX));
    const more = await call("POST", `/api/coins/favorites/${ids.at(-1)}`, user);
    expect(more).toMatchObject({ status: 400, json: { message: FAVORITES_MESSAGES.tooMany } });
    expect((await call("POST", `/api/coins/favorites/${ids[0]}`, user)).status).toBe(200);
  });
});

describe("favourites and personal data", () => {
  it("the export lists them, and erasing the account erases them", async () => {
    const user = await app.ctx.user({ role: "eleve", username: "fav.export" });
    await call("PUT", "/api/coins/favorites", user, { favorites: [19, 104] });
    const res = await app.ctx.request("GET", "/api/privacy/me/export", { token: user.token });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const objets = JSON.parse(strFromU8(files["donnees/objets.json"]!)) as { favorites: { itemId: number; createdAt: string }[] };
    expect(objets.favorites.map((f) => f.itemId)).toEqual([19, 104]);
    expect(objets.favorites[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(strFromU8(files["LISEZMOI.txt"]!)).toContain("favorites : vos favoris de la boutique");
    await app.ctx.deps.db.delete(users).where(eq(users.id, user.id));
    const left = await first(app.ctx.deps.db.select({ n: count() }).from(shopFavorites).where(eq(shopFavorites.userId, user.id)));
    expect(left?.n).toBe(0);
  });
});

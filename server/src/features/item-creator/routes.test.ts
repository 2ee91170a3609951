import { beforeAll, describe, expect } from "vitest";
import { appPerFile, everyActor, scenarioTests, type Actor, type Scenario } from "../../../test/helpers";
import { png } from "../profiles/test-fixtures";
import { filesForm, itemBody, uploadedPng } from "./test-kit";

const env = appPerFile();
const ADMIN_ONLY: Record<Actor, number> = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 };
const PUBLIC: Record<Actor, number> = { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
let src = "";
beforeAll(async () => {
  src = await uploadedPng(env.ctx, env.actors.admin.token);
  // Made before the table, to be deleted by it.
  const made = await env.ctx.request("POST", "/api/items", {
    token: env.actors.admin.token,
    body: itemBody(src, { legacyId: 501, name: "À supprimer" }),
  });
  expect(made.status).toBe(200);
});
const colour = {
  id: "menthe-givree",
  name: "Menthe givrée",
  color: "#7fffd4",
  gradient: "linear-gradient(90deg, #7fffd4, #00bfff)",
  price: 90,
  availableInDailyShop: true,
};

const rows: Scenario[] = [
  ...everyActor({ method: "POST", url: "/api/items", body: () => itemBody(src) }, ADMIN_ONLY, "create an item", {
    200: {
      success: true,
      message: "Item créé.",
      item: { legacyId: 500, id: 500, isDynamic: true, price: 120, availableInDailyShop: true },
    },
  }),
  ...everyActor({ method: "GET", url: "/api/items" }, PUBLIC, "the catalogue lists fixed then created items", {
    200: (json) => {
      const items = (json as { items: { legacyId: number; isDynamic: boolean; img: string | null; assets: { src: string }[] }[] }).items;
      expect(items.find((i) => i.legacyId === 23)).toMatchObject({ isDynamic: false, img: null });
      const created = items.find((i) => i.legacyId === 500)!;
      // Its picture is its first layer.
      expect(created.img).toBe(created.assets[0]!.src);
      expect(created.img).toMatch(/^\/api\/items\/assets\//);
      expect(created).toMatchObject({
        isDynamic: true,
        borderOpacity: 0.5,
        backgroundOpacity: 80,
        backgrounds: { collection: "linear-gradient(135deg, #ff0000, #0000ff)", navbar: "#112233", leaderboard: null },
        assets: [
          {
            navbarStyle: { top: -10, rotate: 12, objectFit: "cover" },
            meta: { navbarPlacement: "above", navbarTarget: "user-account-wrapper" },
          },
        ],
        variants: [{ name: "Style" }, { name: "Variante 1", textOnly: true, textContent: "GG", removeNavbarBorder: true }],
      });
    },
  }),
  ...everyActor({ method: "GET", url: "/api/items/500" }, PUBLIC, "one created item", { 200: { item: { name: "Couronne de lauriers" } } }),
  ...everyActor({ method: "GET", url: "/api/items/23" }, PUBLIC, "one fixed item", {
    200: { item: { name: "Discord", isDynamic: false } },
  }),
  ...everyActor(
    { method: "PUT", url: "/api/items/500", body: () => itemBody(src, { price: 150, name: "Lauriers d'or" }) },
    ADMIN_ONLY,
    "edit an item",
    {
      200: { message: "Item mis à jour.", item: { price: 150, name: "Lauriers d'or" } },
    },
  ),
  ...everyActor({ method: "DELETE", url: "/api/items/501" }, ADMIN_ONLY, "delete an unowned item", {
    200: { success: true, message: "Item supprimé." },
  }),
  ...everyActor({ method: "POST", url: "/api/items/upload", body: () => filesForm([png(), "a.png"]) }, ADMIN_ONLY, "upload an image", {
    200: (json) =>
      expect((json as { files: { url: string; type: string }[] }).files[0]).toMatchObject({
        type: "image/png",
        url: expect.stringMatching(/^\/api\/items\/assets\/.+\.png$/),
      }),
  }),
  ...everyActor({ method: "GET", url: "/api/items/assets/…", body: undefined }, PUBLIC, "an uploaded image").map((row) => ({
    ...row,
    url: () => src,
    expect: (_: unknown, res: Response) => expect(res.headers.get("content-type")).toBe("image/png"),
  })),
  ...everyActor({ method: "POST", url: "/api/border-colors", body: colour }, ADMIN_ONLY, "create a colour", {
    200: { success: true, message: "Couleur créée.", color: { id: "menthe-givree", isDynamic: true, type: "border-gradient" } },
  }),
  ...everyActor({ method: "GET", url: "/api/border-colors" }, PUBLIC, "the colours, created ones last", {
    200: (json) => {
      const colors = (json as { colors: { id: string; legacyId: number; isDynamic: boolean }[] }).colors;
      expect(colors.at(-1)).toMatchObject({ id: "menthe-givree", isDynamic: true });
      expect(colors.at(-1)!.legacyId).toBeLessThan(0);
    },
  }),
  ...everyActor(
    { method: "PUT", url: "/api/border-colors?id=menthe-givree", body: { ...colour, price: 75 } },
    ADMIN_ONLY,
    "edit a colour",
    {
      200: { message: "Couleur mise à jour.", color: { price: 75 } },
    },
  ),
  ...everyActor({ method: "DELETE", url: "/api/border-colors?id=menthe-givree" }, ADMIN_ONLY, "delete an unowned colour", {
    200: { message: "Couleur supprimée." },
  }),
];

describe("item creator routes: every role", () => scenarioTests(rows, () => env));

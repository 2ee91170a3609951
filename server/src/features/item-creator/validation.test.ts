import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { adminJournal, itemAssets } from "../../db/schema";
import { json } from "../coins/test-kit";
import { gif, html, png } from "../profiles/test-fixtures";
import { filesForm, itemBody, uploadedPng } from "./test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());

async function setup() {
  ctx = createTestApp();
  const admin = await ctx.user({ role: "admin", username: "direction" });
  const src = await uploadedPng(ctx, admin.token);
  const post = (body: unknown) => ctx.request("POST", "/api/items", { token: admin.token, body });
  return { admin, src, post };
}

const refusal = async (res: Response) => [res.status, (await json(res)).message];

describe("POST /items: what the item creator refuses, in French", () => {
  it("legacy ids: numeric, unique, never a fixed catalogue number", async () => {
    const { src, post } = await setup();
    expect(await refusal(await post(itemBody(src, { legacyId: "abc" })))).toEqual([400, "Définis un ID (legacy) numérique."]);
    expect(await refusal(await post(itemBody(src, { legacyId: 1.5 })))).toEqual([400, "Définis un ID (legacy) numérique."]);
    expect(await refusal(await post(itemBody(src, { legacyId: 0 })))).toEqual([
      400,
      "L'ID (legacy) doit être un entier entre 1 et 999999999.",
    ]);
    expect(await refusal(await post(itemBody(src, { legacyId: 23 })))).toEqual([409, "legacyId déjà utilisé : 23."]);
    expect(await refusal(await post(itemBody(src, { legacyId: 114 })))).toEqual([409, "legacyId déjà utilisé : 114."]);
    expect((await post(itemBody(src, { legacyId: "700" }))).status).toBe(200);
    const again = await post(itemBody(src, { legacyId: 700, name: "Autre" }));
    expect(await refusal(again)).toEqual([409, "legacyId déjà utilisé : 700."]);
  });

  it("price, name, CSS values, images and texts", async () => {
    const { src, post } = await setup();
    const priceMsg = "Le prix doit être un entier positif ou nul (100000 au plus).";
    expect(await refusal(await post(itemBody(src, { price: -1 })))).toEqual([400, priceMsg]);
    expect(await refusal(await post(itemBody(src, { price: "douze" })))).toEqual([400, priceMsg]);
    expect(await refusal(await post(itemBody(src, { price: 2.5 })))).toEqual([400, priceMsg]);
    expect(await refusal(await post(itemBody(src, { name: "   " })))).toEqual([400, "Le nom est requis."]);
    expect(await refusal(await post(itemBody(src, { backgrounds: { navbar: "url(https://pistage.exemple/x.png)" } })))).toEqual([
      400,
      "Fond « navbar » invalide : une couleur, un linear-gradient(…) ou aucun.",
    ]);
    expect((await refusal(await post(itemBody(src, { backgrounds: { sidebar: "#fff" } }))))[0]).toBe(400);
    const outside = "https://exemple.fr/image.png";
    expect(await refusal(await post(itemBody(src, { assets: [{ src: outside }] })))).toEqual([
      400,
      `Asset introuvable : ${outside}. Téléversez l'image d'abord.`,
    ]);
    const forged = "/api/items/assets/AAAAAAAAAAAAAAAAAAAA.png";
    expect((await refusal(await post(itemBody(src, { assets: [{ src: forged }] }))))[0]).toBe(400);
    const textless = itemBody(src, { variants: [{ name: "Texte", assets: [], backgrounds: {}, textOnly: true, textContent: " " }] });
    expect(await refusal(await post(textless))).toEqual([400, "La variante « Texte » est en texte seul : écrivez son texte."]);
    expect(await refusal(await post(itemBody(src, { hasDefaultText: true, defaultText: "" })))).toEqual([
      400,
      "Le texte par défaut est coché : écrivez-le.",
    ]);
    expect((await post(itemBody(src, { borderOpacity: 1.5 }))).status).toBe(400);
    // Nothing refused was stored, and the price 0 is allowed.
    expect((await post(itemBody(src, { price: 0 }))).status).toBe(200);
    // The setup's upload and the one item accepted: each refusal left nothing behind.
    expect((await ctx.deps.db.select().from(adminJournal)).map((j) => j.action)).toEqual(["item.upload", "item.create"]);
  });

  it("keeps as creators only the names of the credits field that are accounts (accents, case and spaces ignored)", async () => {
    const { src, post } = await setup();
    const chloe = await ctx.user({ role: "eleve", username: "Chloé Martin" });
    const lucas = await ctx.user({ role: "delegue", username: "lucas.bernard" });
    const res = await post(itemBody(src, { credits: "chloe martin et LUCAS.BERNARD / inconnu" }));
    expect((await json(res)).item).toMatchObject({
      credits: "chloe martin et LUCAS.BERNARD / inconnu",
      creatorUsernames: ["Chloé Martin", "lucas.bernard"],
      meta: { creatorIds: [chloe.id, lucas.id], creatorUsernames: ["Chloé Martin", "lucas.bernard"] },
    });
  });
});

describe("POST /items/upload: judged by content", () => {
  it("a PNG named .gif is stored and served as a PNG, byte for byte", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin" });
    const res = await ctx.request("POST", "/api/items/upload", {
      token: admin.token,
      body: filesForm([png(), "pas-un-gif.gif"], [gif(), "vrai.gif"]),
    });
    const body = await json(res);
    expect(body.files.map((f: { type: string }) => f.type)).toEqual(["image/png", "image/gif"]);
    expect(body.files[0].url).toMatch(/\.png$/);
    const served = await ctx.request("GET", body.files[0].url);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png());
  });

  it("refuses HTML named .png, an SVG with a script or an outside link, and stores nothing of a refused request", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin" });
    const upload = (...files: [Uint8Array, string][]) =>
      ctx.request("POST", "/api/items/upload", { token: admin.token, body: filesForm(...files) });
    mkdirSync(join(ctx.deps.uploadsDir, "item-assets"), { recursive: true });
    expect(await refusal(await upload([html(), "image.png"]))).toEqual([
      415,
      "« image.png » n'est pas une image PNG, JPEG, GIF, WebP ou SVG.",
    ]);
    const svg = (inner: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`);
    const unsafe = "« dessin.svg » : SVG refusé, il contient du script, des liens ou des ressources externes.";
    for (const inner of [
      "<script>alert(1)</script>",
      '<rect width="10" height="10" onload="alert(1)"/>',
      '<image href="https://pistage.exemple/p.png"/>',
      '<a href="javascript:alert(1)"><rect width="1" height="1"/></a>',
      '<rect style="fill:url(https://x.exemple/p)" width="1" height="1"/>',
      "<foreignObject><div>x</div></foreignObject>",
    ]) {
      expect(await refusal(await upload([png(), "ok.png"], [svg(inner), "dessin.svg"]))).toEqual([415, unsafe]);
    }
    expect(await ctx.deps.db.select().from(adminJournal)).toHaveLength(0);
    expect(await ctx.deps.db.select().from(itemAssets)).toHaveLength(0);
    expect(readdirSync(join(ctx.deps.uploadsDir, "item-assets"), { withFileTypes: true }).filter((e) => e.isFile())).toHaveLength(0);
    const clean = await upload([
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><circle cx="5" cy="5" r="4" fill="url(#g)"/>',
      ),
      "rond.svg",
    ]);
    const file = (await json(clean)).files[0];
    expect(file.type).toBe("image/svg+xml");
    const served = await ctx.request("GET", file.url);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(await served.text()).toContain('fill="url(#g)"');
  });

  it("counts, sizes and the field name", async () => {
    ctx = createTestApp();
    const admin = await ctx.user({ role: "admin" });
    const upload = (body: FormData) => ctx.request("POST", "/api/items/upload", { token: admin.token, body });
    const wrongField = new FormData();
    wrongField.append("image", new File([png()], "a.png"));
    expect(await refusal(await upload(wrongField))).toEqual([400, "Aucun fichier reçu (champ « files »)."]);
    const eleven = filesForm(...Array.from({ length: 11 }, (_, i) => [png(), `${i}.png`] as [Uint8Array, string]));
    expect(await refusal(await upload(eleven))).toEqual([400, "10 fichiers maximum par envoi."]);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(png());
    expect(await refusal(await upload(filesForm([big, "grand.png"])))).toEqual([413, "Le fichier « grand.png » dépasse 2 Mo."]);
  });
});

import type { ItemInput } from "@planify/common/schemas/item-creator";
import type { AppDeps } from "../deps";
import { createdColors, createdItems, itemAssets } from "../db/schema";
import { newId } from "../lib/ids";
import { assetUrl, ITEM_ASSETS_DIR } from "../features/item-creator/assets";
import { checkItemInput } from "../features/item-creator/validate";

/** Demo art, drawn as plain SVG (what the upload check accepts): a golden crown and a halo. */
const ART = {
  "demo-couronne-doree-01.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><linearGradient id="or" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe066"/><stop offset="1" stop-color="#d4a017"/></linearGradient></defs><path d="M20 38 L32 14 L44 32 L50 8 L56 32 L68 14 L80 38 Z" fill="url(#or)" stroke="#8a6500" stroke-width="2"/><circle cx="50" cy="12" r="4" fill="#e63946"/><circle cx="32" cy="17" r="3" fill="#457b9d"/><circle cx="68" cy="17" r="3" fill="#457b9d"/></svg>`,
  "demo-aureole-neon-0001.svg": `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><radialGradient id="halo"><stop offset="0.78" stop-color="#00e5ff" stop-opacity="0"/><stop offset="0.9" stop-color="#00e5ff" stop-opacity="0.9"/><stop offset="1" stop-color="#7a1fff" stop-opacity="0"/></radialGradient></defs><circle cx="50" cy="50" r="50" fill="url(#halo)"/></svg>`,
} as const;

type ArtName = keyof typeof ART;
const layer = (name: ArtName, style: Record<string, number | string>) => ({ src: assetUrl(name), style });

const ITEMS = (): ItemInput[] => [
  {
    legacyId: 1001,
    name: "Couronne dorée",
    price: 180,
    availableInDailyShop: true,
    infoDescription: "Dessinée par Léa pour la démo du créateur d'items.",
    credits: "Léa Martin et lea.martin",
    assets: [
      {
        ...layer("demo-couronne-doree-01.svg", { top: -38, left: 10, width: 80, rotate: 0, objectFit: "contain", zIndex: 3 }),
        meta: { navbarPlacement: "above", leaderboardPlacement: "above", profilePopupPlacement: "above" },
      },
    ],
    backgrounds: {},
    variants: [
      {
        name: "Style",
        assets: [layer("demo-couronne-doree-01.svg", { top: -38, left: 10, width: 80, rotate: 0, objectFit: "contain", zIndex: 3 })],
        backgrounds: {},
        textOnly: false,
      },
      {
        name: "Variante 1",
        assets: [layer("demo-couronne-doree-01.svg", { top: -30, left: 40, width: 70, rotate: 18, objectFit: "contain", zIndex: 3 })],
        backgrounds: {},
        textOnly: false,
      },
    ],
  },
  {
    legacyId: 1002,
    name: "Auréole néon",
    price: 0,
    availableInDailyShop: false,
    infoDescription: "Offerte par l'équipe aux gagnants des événements.",
    assets: [
      {
        ...layer("demo-aureole-neon-0001.svg", { top: -15, left: -15, width: 130, rotate: 0, objectFit: "contain", zIndex: 0 }),
        meta: { navbarPlacement: "below", leaderboardPlacement: "below", profilePopupPlacement: "below" },
      },
    ],
    backgrounds: { collection: "linear-gradient(135deg, #0b132b, #3a506b)", "profile-popup": "#0b132b" },
    borderOpacity: 0.6,
    backgroundOpacity: 90,
  },
];

/**
 * The demo school's created catalogue: two items drawn in the item creator (one sold in the
 * daily shop, one given only) and one created colour, with their images in storage.
 */
export async function seedDemoCreatedItems(deps: AppDeps, adminId: string): Promise<void> {
  const at = deps.now();
  for (const [name, text] of Object.entries(ART)) await deps.storage.write(`${ITEM_ASSETS_DIR}/${name}`, new Blob([text]));
  await deps.db.transaction(async (tx) => {
    for (const [name, text] of Object.entries(ART)) {
      await tx.insert(itemAssets).values({
        name,
        contentType: "image/svg+xml",
        size: new TextEncoder().encode(text).length,
        originalName: name,
        uploadedBy: adminId,
        createdAt: at,
      });
    }
    for (const body of ITEMS()) {
      await tx
        .insert(createdItems)
        .values({ id: newId(), ...(await checkItemInput(tx, body)), createdBy: adminId, createdAt: at, updatedAt: at });
    }
    await tx.insert(createdColors).values({
      id: "lagon",
      legacyId: 1100,
      name: "Lagon",
      color: "#00CED1",
      gradient: "linear-gradient(90deg, #00CED1, #7FFFD4)",
      price: 140,
      availableInDailyShop: true,
      createdAt: at,
      updatedAt: at,
    });
  });
}

import { Elysia } from "elysia";
import { CATALOGUE, catalogueItem } from "@planify/common/constants/catalogue";
import { BORDER_COLORS } from "@planify/common/constants/border-colors";
import { ITEM_CREATOR_MESSAGES } from "@planify/common/constants/item-creator";
import { ItemParams, ItemResponse } from "@planify/common/schemas/item-creator";
import { BorderColorsResponse, ItemsResponse, type ShopItem } from "@planify/common/schemas/items";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/errors";
import { replies } from "../../lib/responses";
import { getCreatedItem, presentCreatedColor, presentCreatedItem, listCreatedColors, listCreatedItems } from "../item-creator";

const VARIANT_NAMES: Record<number, string[]> = {
  23: ["Classique", "Nitro", "Nuit"],
  24: ["Menacing", "Golden"],
};

/** The fixed catalogue in the shape the shop reads (art is drawn by the web app). */
const ITEMS: ShopItem[] = CATALOGUE.map((item) => ({
  id: item.id,
  _id: String(item.id),
  legacyId: item.id,
  name: item.name,
  img: null,
  price: item.price,
  type: item.id === 0 ? "classic-border" : item.displayType,
  displayType: item.displayType,
  isDynamic: false,
  variants: (VARIANT_NAMES[item.id] ?? []).map((name) => ({ name, assets: [], backgrounds: {}, textOnly: false })),
  variantIndex: 0,
  infoOnly: false,
  infoDescription: item.infoDescription,
  assets: [],
  backgrounds: {},
  meta: { creatorIds: [], creatorUsernames: [] },
  availableInDailyShop: item.price !== null,
  removeNavbarBorder: false,
  removeLeaderboardBorder: false,
  removeProfilePopupBorder: false,
  hasDefaultText: false,
  defaultText: "",
  borderOpacity: 1,
  backgroundOpacity: 100,
  credits: "",
  creatorUsernames: [],
}));

const COLORS = BORDER_COLORS.map((c) => ({ ...c, _id: c.id, availableInDailyShop: c.price > 0, isDynamic: false }));
const doc = (summary: string, description: string) => ({ summary, description });

/** Public catalogue reads: the fixed catalogue followed by what admins created. */
export const itemsRoutes = (deps: AppDeps) =>
  new Elysia()
    .get(
      "/items",
      async () => ({ success: true as const, items: [...ITEMS, ...(await listCreatedItems(deps.db)).map(presentCreatedItem)] }),
      {
        response: replies({ 200: ItemsResponse }),
        detail: doc(
          "Catalogue des items",
          "Public. Les items fixes (0 à 28) puis les items créés, avec tous leurs champs dynamiques (calques, fonds, variantes, créateurs).",
        ),
      },
    )
    .get(
      "/items/:id",
      async ({ params }) => {
        const text = params.id.trim();
        const fixed = /^\d+$/.test(text) && catalogueItem(Number(text)) ? ITEMS.find((i) => i.id === Number(text)) : undefined;
        const item = fixed ?? (await getCreatedItem(deps, text));
        if (!item) throw notFound(ITEM_CREATOR_MESSAGES.itemNotFound);
        return { success: true as const, item };
      },
      {
        params: ItemParams,
        response: replies({ 200: ItemResponse }),
        detail: doc("Un item", "Public. `id` : le numéro (legacyId) d'un item fixe ou créé, ou l'_id d'un item créé."),
      },
    )
    .get(
      "/border-colors",
      async () => ({ success: true as const, colors: [...COLORS, ...(await listCreatedColors(deps.db)).map(presentCreatedColor)] }),
      {
        response: replies({ 200: BorderColorsResponse }),
        detail: doc("Couleurs de bordure", "Public. Les couleurs du catalogue de référence puis les couleurs créées (isDynamic)."),
      },
    );

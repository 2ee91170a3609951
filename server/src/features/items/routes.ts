import { Elysia } from "elysia";
import { CATALOGUE } from "@planify/common/constants/catalogue";
import { BORDER_COLORS } from "@planify/common/constants/border-colors";
import { BorderColorsResponse, ItemsResponse } from "@planify/common/schemas/items";
import { replies } from "../../lib/responses";

const VARIANT_NAMES: Record<number, string[]> = {
  23: ["Classique", "Nitro", "Nuit"],
  24: ["Menacing", "Golden"],
};

/** The fixed catalogue in the shape the shop reads (art is drawn by the web app). */
const ITEMS = CATALOGUE.map((item) => ({
  id: item.id,
  _id: String(item.id),
  legacyId: item.id,
  name: item.name,
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

/** Public catalogue reads: GET /items and GET /border-colors. */
export const itemsRoutes = () =>
  new Elysia()
    .get("/items", () => ({ success: true as const, items: ITEMS }), { response: replies({ 200: ItemsResponse }) })
    .get("/border-colors", () => ({ success: true as const, colors: COLORS }), { response: replies({ 200: BorderColorsResponse }) });

// The public face of features/item-creator: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { itemCreatorRoutes } from "./routes";
export { getCreatedItem } from "./items-service";
export { presentCreatedColor, presentCreatedItem } from "./present";
export {
  asBorderColor,
  asCatalogueItem,
  createdColorById,
  createdColorByLegacyId,
  createdDailyPools,
  createdItemByLegacyId,
  createdNames,
  listCreatedColors,
  listCreatedItems,
} from "./store";

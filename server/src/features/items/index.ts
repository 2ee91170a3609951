// The public face of features/items: what app.ts and other features may import. Everything else
// in this folder is internal (checked by scripts/lib/boundaries.ts).
export { itemsRoutes } from "./routes";
export { type UserItemRow, grantTarget, listUserItems, ownsLegacyId, presentUserItem, unlockedColorIds } from "./ownership";
export {
  type ItemTarget,
  type NameLookup,
  colorExists,
  findTarget,
  isGiftableTarget,
  knownColorSelection,
  nameLookup,
  notGiftableTargetMessage,
  resolveTarget,
} from "./refs";

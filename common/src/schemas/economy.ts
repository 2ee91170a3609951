import { Type, type Static } from "@sinclair/typebox";
import { IsoDate, Nullable, ok, OkMessage } from "./shared";
import {
  ADMIN_BALANCE_MAX,
  ADMIN_MESSAGE_MAX,
  CODE_INPUT_MAX_LENGTH,
  CODE_MAX_LENGTH,
  CODE_MAX_USES,
  CODE_MIN_LENGTH,
} from "../constants/economy";

/** An item reference: a catalogue/legacy id as a number, or as a string (also a colour id). */
export const ItemRef = Type.Union([
  Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 }),
  Type.String({ minLength: 1, maxLength: 100 }),
]);

/** POST /coins/purchase. `itemName`, `price` and `type` are read-only hints: the server ignores them. */
export const PurchaseBody = Type.Object({
  itemId: ItemRef,
  itemName: Type.Optional(Type.String({ maxLength: 200 })),
  price: Type.Optional(Type.Unknown()),
  type: Type.Optional(Type.String({ maxLength: 50 })),
  colorId: Type.Optional(Type.String({ maxLength: 100 })),
});
export type PurchaseBody = Static<typeof PurchaseBody>;

/** POST /coins/refund: cancels one's own purchase of this item or colour within PURCHASE_UNDO_MS. */
export const RefundBody = Type.Object({ itemId: ItemRef, colorId: Type.Optional(Type.String({ maxLength: 100 })) });
export type RefundBody = Static<typeof RefundBody>;

export const EquipBody = Type.Object({ itemId: ItemRef });
export const UnequipBody = Type.Object({ itemId: Type.Optional(Type.Union([ItemRef, Type.Null()])) });

/** POST /coins/spin-wheel: no body for users; admins may ask for the x2 wheel or an extra test spin. */
export const SpinBody = Type.Object({
  wheel: Type.Optional(Type.Union([Type.Literal("basic"), Type.Literal("x2")])),
  force: Type.Optional(Type.Boolean()),
});
export type SpinBody = Static<typeof SpinBody>;

export const BorderColorBody = Type.Object({ colorId: Type.String({ minLength: 1, maxLength: 100 }) });
export const WeeklyTestBody = Type.Object({ legacyId: ItemRef });
export const DynamicVariantBody = Type.Object({
  itemId: ItemRef,
  variantIndex: Type.Integer({ minimum: 0, maximum: 50 }),
});

export const RedeemBody = Type.Object({ code: Type.String({ maxLength: CODE_INPUT_MAX_LENGTH }) });

const RewardItem = Type.Object({ itemId: ItemRef, itemName: Type.Optional(Type.String({ maxLength: 200 })) });
export const GenerateCodeBody = Type.Object({
  rewardType: Type.Union([Type.Literal("item"), Type.Literal("border-color")]),
  length: Type.Optional(Type.Integer({ minimum: CODE_MIN_LENGTH, maximum: CODE_MAX_LENGTH })),
  maxUses: Type.Optional(Type.Integer({ minimum: 1, maximum: CODE_MAX_USES })),
  expiresAt: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  itemId: Type.Optional(ItemRef),
  itemName: Type.Optional(Type.String({ maxLength: 200 })),
  items: Type.Optional(Type.Array(RewardItem, { maxItems: 60 })),
  colorId: Type.Optional(Type.String({ maxLength: 100 })),
  colors: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })),
});
export type GenerateCodeBody = Static<typeof GenerateCodeBody>;

export const GiveItemBody = Type.Object({
  itemId: ItemRef,
  itemName: Type.Optional(Type.String({ maxLength: 200 })),
  adminMessage: Type.Optional(Type.String({ maxLength: ADMIN_MESSAGE_MAX })),
});
export const RemoveItemBody = Type.Object({ itemId: ItemRef });

const Balance = Type.Integer({ minimum: 0, maximum: ADMIN_BALANCE_MAX });
const UserId = Type.String({ minLength: 1, maxLength: 100 });
/** POST /users-admin coin actions: an admin sets a balance; the ledger records the difference. */
export const UsersAdminCoinsBody = Type.Union([
  Type.Object({ action: Type.Literal("update-coins"), userId: UserId, coins: Balance }),
  Type.Object({ action: Type.Literal("update-leaderboard-coins"), userId: UserId, leaderboardCoins: Balance }),
  Type.Object({ action: Type.Literal("update-faction-coins"), userId: UserId, factionCoins: Balance }),
  Type.Object({
    action: Type.Literal("set-border-color"),
    userId: UserId,
    colorId: Type.String({ minLength: 1, maxLength: 100 }),
    adminMessage: Type.Optional(Type.String({ maxLength: ADMIN_MESSAGE_MAX })),
  }),
]);
export type UsersAdminCoinsBody = Static<typeof UsersAdminCoinsBody>;

/** One owned entry of the inventory: a catalogue item or (with colorId) a border colour. */
export const PurchasedItem = Type.Object({
  itemId: Type.Integer(),
  itemName: Type.String(),
  purchaseDate: IsoDate,
  equipped: Type.Boolean(),
  adminMessage: Nullable(Type.String()),
  colorId: Nullable(Type.String()),
  /** false: an unseen gift, shown in the received-item popup. */
  adminGiftRead: Type.Boolean(),
});
export type PurchasedItem = Static<typeof PurchasedItem>;

const Int = Type.Integer();
const VariantChoices = Type.Record(Type.String(), Type.Integer(), { description: "id d'item -> index de variante" });

export const UserCoinsResponse = ok({ coins: Int, leaderboardCoins: Int, factionCoins: Int });
export type UserCoinsResponse = Static<typeof UserCoinsResponse>;

export const InventoryResponse = ok({
  coins: Int,
  purchasedItems: Type.Array(PurchasedItem),
  equippedItemId: Nullable(Int),
  /** The plain colour id of the selected border. */
  selectedBorderColor: Type.String(),
  /** Unlocked colour ids (always includes the free default). */
  borderColors: Type.Array(Type.String()),
  discordVariantIndex: Int,
  jojoVariantIndex: Int,
  dynamicItemVariants: VariantChoices,
  /** The account's favourite item numbers (as GET /coins/favorites). */
  favorites: Type.Array(Int),
});
export type InventoryResponse = Static<typeof InventoryResponse>;

export const PurchaseResponse = ok({ newCoins: Int, purchasedItem: PurchasedItem, message: Type.String() });
export type PurchaseResponse = Static<typeof PurchaseResponse>;
/** The refunded amount is what the purchase cost (its ledger row), faction multiplier included. */
export const RefundResponse = ok({ newCoins: Int, refunded: Int, itemId: Int, colorId: Nullable(Type.String()), message: Type.String() });
export type RefundResponse = Static<typeof RefundResponse>;
export const EquipResponse = ok({ equippedItemId: Nullable(Int), message: Type.String() });
export const BorderColorSelectedResponse = ok({
  colorId: Type.String({ description: "Id composite de la couleur choisie" }),
  selectedBorderColor: Type.String(),
  discordVariantIndex: Int,
  jojoVariantIndex: Int,
  message: Type.String(),
});

export const SpinStatusResponse = ok({
  canSpin: Type.Boolean(),
  canSpinToday: Type.Boolean(),
  /** Paris date "YYYY-MM-DD" of the last spin, or null. */
  lastSpinDate: Nullable(Type.String()),
  lossStreak: Int,
  protectionReady: Type.Boolean(),
  /** Next Paris midnight, ISO 8601 UTC. */
  nextReset: IsoDate,
  isWeekend: Type.Boolean(),
  galaxieAvailable: Type.Boolean(),
});
export type SpinStatusResponse = Static<typeof SpinStatusResponse>;

export const SpinResponse = ok({
  newCoins: Int,
  coinsWon: Int,
  /** Label of the drawn segment ("120", "Perdu", "Galaxie"). */
  rewardName: Type.String(),
  rewardItemId: Nullable(Int),
  message: Type.String(),
  lossStreak: Int,
  protectionReady: Type.Boolean(),
  protectionUsed: Type.Boolean(),
  /** Key of the drawn segment among the segments of wheelSegments(). */
  segmentKey: Type.String(),
  isWeekend: Type.Boolean(),
  nextReset: IsoDate,
});
export type SpinResponse = Static<typeof SpinResponse>;
export const ForceLossResponse = ok({ lossStreak: Int, protectionReady: Type.Boolean(), message: Type.String() });
export type ForceLossResponse = Static<typeof ForceLossResponse>;

/** One entry of today's shop: a catalogue item or a border colour; `id` is the item number. */
export const ShopEntry = Type.Object({
  kind: Type.Union([Type.Literal("item"), Type.Literal("color")]),
  /** The item number (the legacy id), as a number for items and colours alike. */
  id: Int,
  legacyId: Int,
  /** The colour id for colour entries, null for items. */
  colorId: Nullable(Type.String()),
  name: Type.String(),
  /** What the caller pays: the catalogue price × their faction's multiplier (rounded half up). */
  price: Int,
  /** The catalogue price, before the faction's multiplier. */
  basePrice: Int,
  /** Cosmetic display type for items; border-color or border-gradient for colours. */
  type: Type.String(),
  color: Nullable(Type.String()),
  gradient: Nullable(Type.String()),
  owned: Type.Boolean(),
});
export type ShopEntry = Static<typeof ShopEntry>;

export const WeeklyItemsResponse = ok({
  /** Paris date of this shop. */
  date: Type.String(),
  weeklyItems: Type.Array(ShopEntry),
  /** "HH:MM:SS" until the next Paris midnight. */
  timeUntilReset: Type.String(),
  nextReset: IsoDate,
});
export type WeeklyItemsResponse = Static<typeof WeeklyItemsResponse>;

/** Today's picks as stored: item numbers and colour ids. */
export const ShopPicks = Type.Object({ itemIds: Type.Array(Int), colorIds: Type.Array(Type.String()) });
export const ShopEditedResponse = ok({ message: Type.String(), shop: ShopPicks });

const RewardPayloadItem = Type.Object({ itemId: Int, itemName: Type.String() });
export const RedeemResponse = ok({
  message: Type.String(),
  rewardType: Type.Union([Type.Literal("item"), Type.Literal("border-color")]),
  payload: Type.Object({ items: Type.Array(RewardPayloadItem), colors: Type.Array(Type.String()), colorId: Nullable(Type.String()) }),
});
export type RedeemResponse = Static<typeof RedeemResponse>;

/** A reward code as admins see it. */
export const RewardCode = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  code: Type.String(),
  rewardType: Type.Union([Type.Literal("item"), Type.Literal("border-color")]),
  payload: Type.Object({
    items: Type.Array(RewardPayloadItem),
    itemId: Nullable(Int),
    itemName: Nullable(Type.String()),
    colors: Type.Array(Type.String()),
    colorId: Nullable(Type.String()),
  }),
  usedCount: Int,
  maxUses: Int,
  expiresAt: Nullable(IsoDate),
  createdAt: IsoDate,
});
export type RewardCode = Static<typeof RewardCode>;
export const CodeGeneratedResponse = ok({ code: Type.String(), message: Type.String(), redeemCode: RewardCode });
export type CodeGeneratedResponse = Static<typeof CodeGeneratedResponse>;
export const CodeListResponse = ok({ codes: Type.Array(RewardCode) });
export type CodeListResponse = Static<typeof CodeListResponse>;

export const GiftGivenResponse = ok({ message: Type.String(), purchasedItem: PurchasedItem });
export type GiftGivenResponse = Static<typeof GiftGivenResponse>;
export const GiftAckResponse = ok({ itemId: Int, adminGiftRead: Type.Literal(true) });
export const VariantsResponse = ok({ variants: VariantChoices });

export const BalanceSetResponse = ok({
  message: Type.String(),
  userId: Type.String(),
  coins: Int,
  leaderboardCoins: Int,
  factionCoins: Int,
});
export const UsersAdminResponse = Type.Union([BalanceSetResponse, OkMessage]);

import { Type, type Static } from "@sinclair/typebox";
import { ADMIN_BALANCE_MAX, ADMIN_MESSAGE_MAX, CODE_MAX_LENGTH, CODE_MAX_USES, CODE_MIN_LENGTH } from "../constants/economy";

/** An item reference: a catalogue/legacy id as a number, or as a string (also a colour id). */
export const ItemRef = Type.Union([Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 }), Type.String({ minLength: 1, maxLength: 100 })]);

/** POST /coins/purchase. `itemName`, `price` and `type` are read-only hints: the server ignores them. */
export const PurchaseBody = Type.Object({
  itemId: ItemRef,
  itemName: Type.Optional(Type.String({ maxLength: 200 })),
  price: Type.Optional(Type.Unknown()),
  type: Type.Optional(Type.String({ maxLength: 50 })),
  colorId: Type.Optional(Type.String({ maxLength: 100 })),
});
export type PurchaseBody = Static<typeof PurchaseBody>;

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

export const RedeemBody = Type.Object({ code: Type.String({ maxLength: 200 }) });

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
export interface PurchasedItem {
  itemId: number;
  itemName: string;
  /** ISO 8601 UTC. */
  purchaseDate: string;
  equipped: boolean;
  adminMessage: string | null;
  colorId: string | null;
  /** false: an unseen gift, shown in the received-item popup. */
  adminGiftRead: boolean;
}

export interface UserCoinsResponse { success: true; coins: number; leaderboardCoins: number; factionCoins: number }

export interface InventoryResponse {
  success: true;
  coins: number;
  purchasedItems: PurchasedItem[];
  equippedItemId: number | null;
  /** The plain colour id; the composite is `${selectedBorderColor}:${discord}:${jojo}`. */
  selectedBorderColor: string;
  /** Unlocked colour ids (always includes the free default). */
  borderColors: string[];
  discordVariantIndex: number;
  jojoVariantIndex: number;
  dynamicItemVariants: Record<string, number>;
}

export interface PurchaseResponse { success: true; newCoins: number; purchasedItem: PurchasedItem; message: string }

export interface SpinStatusResponse {
  success: true;
  canSpin: boolean;
  canSpinToday: boolean;
  /** Paris date "YYYY-MM-DD" of the last spin, or null. */
  lastSpinDate: string | null;
  lossStreak: number;
  protectionReady: boolean;
  /** Next Paris midnight, ISO 8601 UTC. */
  nextReset: string;
  isWeekend: boolean;
  galaxieAvailable: boolean;
}

export interface SpinResponse {
  success: true;
  newCoins: number;
  coinsWon: number;
  /** Label of the drawn segment ("120", "Perdu", "Galaxie"). */
  rewardName: string;
  rewardItemId: number | null;
  message: string;
  lossStreak: number;
  protectionReady: boolean;
  protectionUsed: boolean;
  /** Key of the drawn segment among the segments of wheelSegments(). */
  segmentKey: string;
  isWeekend: boolean;
  nextReset: string;
}

/** One entry of today's shop: a catalogue item or a border colour. */
export interface ShopEntry {
  kind: "item" | "color";
  /** Item id as a string, or the colour id. */
  id: string;
  legacyId: number;
  name: string;
  price: number;
  /** Cosmetic display type for items; border-color or border-gradient for colours. */
  type: string;
  color: string | null;
  gradient: string | null;
  owned: boolean;
}

export interface WeeklyItemsResponse {
  success: true;
  /** Paris date of this shop. */
  date: string;
  weeklyItems: ShopEntry[];
  /** "HH:MM:SS" until the next Paris midnight. */
  timeUntilReset: string;
  nextReset: string;
}

export interface RedeemResponse {
  success: true;
  message: string;
  rewardType: "item" | "border-color";
  payload: { items: { itemId: number; itemName: string }[]; colors: string[]; colorId: string | null };
}

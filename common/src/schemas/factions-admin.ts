import { Type, type Static } from "@sinclair/typebox";
import { ADMIN_BALANCE_MAX } from "../constants/economy";
import { FactionSummary } from "./social";
import { ok } from "./shared";

// The factions section of the admin area: set a total, notify results, reset, distribute.

/** Coins each member receives in one distribution. */
export const DISTRIBUTE_COINS_MIN = 1;
export const DISTRIBUTE_COINS_MAX = 100_000;
/** Longest admin message joined to a distribution (shown in the member's pop-up). */
export const DISTRIBUTE_MESSAGE_MAX = 200;

/** A faction as a client names it ("Bagna" is read as Bagnat, like the join call). */
const FactionName = Type.String({ minLength: 1, maxLength: 30 });

/** POST /factions/total-coins. */
export const FactionTotalBody = Type.Object({
  name: FactionName,
  totalCoins: Type.Integer({ minimum: 0, maximum: ADMIN_BALANCE_MAX }),
});
export type FactionTotalBody = Static<typeof FactionTotalBody>;
export const FactionTotalResponse = ok({ message: Type.String(), faction: FactionSummary });
export type FactionTotalResponse = Static<typeof FactionTotalResponse>;

/** POST /factions/notify-results: one result pop-up queued per member of either faction. */
export const FactionNotifyResponse = ok({ message: Type.String(), notified: Type.Integer() });
export type FactionNotifyResponse = Static<typeof FactionNotifyResponse>;

/** POST /factions/reset: every factionCoins balance and both totals back to 0. */
export const FactionResetResponse = ok({ message: Type.String(), usersReset: Type.Integer() });
export type FactionResetResponse = Static<typeof FactionResetResponse>;

/** POST /factions/distribute: the same wallet coins to every member of one faction. */
export const FactionDistributeBody = Type.Object({
  faction: FactionName,
  coins: Type.Integer({ minimum: DISTRIBUTE_COINS_MIN, maximum: DISTRIBUTE_COINS_MAX }),
  message: Type.Optional(Type.String({ maxLength: DISTRIBUTE_MESSAGE_MAX })),
});
export type FactionDistributeBody = Static<typeof FactionDistributeBody>;
export const FactionDistributeResponse = ok({ message: Type.String(), recipients: Type.Integer(), coinsEach: Type.Integer() });
export type FactionDistributeResponse = Static<typeof FactionDistributeResponse>;

/**
 * POST /factions/price-multiplier: what members of one faction pay in the shop, as a factor
 * of the catalogue price. A plain number here: its bounds and step are checked by
 * priceMultiplierProblem (common/rules/faction-price) for French messages on both sides.
 */
export const FactionPriceBody = Type.Object({ name: FactionName, priceMultiplier: Type.Number() });
export type FactionPriceBody = Static<typeof FactionPriceBody>;
export const FactionPriceResponse = ok({ message: Type.String(), faction: Type.String(), priceMultiplier: Type.Number() });
export type FactionPriceResponse = Static<typeof FactionPriceResponse>;

import { Elysia, t } from "elysia";
import {
  BorderColorBody,
  EquipBody,
  PurchaseBody,
  RefundBody,
  SpinBody,
  UnequipBody,
  WeeklyTestBody,
  BorderColorSelectedResponse,
  EquipResponse,
  ForceLossResponse,
  InventoryResponse,
  PurchaseResponse,
  RefundResponse,
  ShopEditedResponse,
  SpinResponse,
  SpinStatusResponse,
  UserCoinsResponse,
  WeeklyItemsResponse,
} from "@planify/common/schemas/economy";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { editTodayShop, rerollShop, weeklyItems } from "./daily-shop";
import { withIdempotency } from "../../lib/idempotency";
import { equip, inventory, selectBorderColor, unequip } from "./inventory";
import { purchase } from "./purchase";
import { refundPurchase } from "./refund";
import { forceLoss, spinStatus, spinWheel } from "./spin";
import { journalWrite } from "../../lib/journal";
import { FavoriteParams, FavoritesBody, FavoritesResponse } from "@planify/common/schemas/favorites";
import { addFavorite, listFavorites, removeFavorite, replaceFavorites } from "./favorites";

const ADMIN = ["admin"] as const;
const EDITED = replies({ 200: ShopEditedResponse });
const EQUIP = replies({ 200: EquipResponse });
const FAVORITES = replies({ 200: FavoritesResponse });

/** Wallet, collection, daily shop and wheel. */
export const coinsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/coins" })
    .use(authPlugin(deps))
    .get(
      "/user-coins",
      // The session's row is already fresh as of the last write (auth/user-cache.ts).
      ({ user }) => ({
        success: true as const,
        coins: user.coins,
        leaderboardCoins: user.leaderboardCoins,
        factionCoins: user.factionCoins,
      }),
      { auth: true, response: replies({ 200: UserCoinsResponse }) },
    )
    .get("/spin-status", ({ user }) => spinStatus(deps, user.id), { auth: true, response: replies({ 200: SpinStatusResponse }) })
    .get("/inventory", ({ user }) => inventory(deps, user.id), { auth: true, response: replies({ 200: InventoryResponse }) })
    .post(
      "/purchase",
      ({ user, body, headers }) =>
        withIdempotency(deps, { userId: user.id, route: "purchase", key: headers["idempotency-key"] }, (tx) =>
          purchase(deps, tx, user.id, body),
        ),
      { auth: true, body: PurchaseBody, response: replies({ 200: PurchaseResponse }) },
    )
    .post(
      "/refund",
      // One key per toast: a double tap on « Annuler » gets the first answer back.
      ({ user, body, headers }) =>
        withIdempotency(deps, { userId: user.id, route: "refund", key: headers["idempotency-key"] }, (tx) =>
          refundPurchase(deps, tx, user.id, body),
        ),
      { auth: true, body: RefundBody, response: replies({ 200: RefundResponse }) },
    )
    .post("/equip", ({ user, body }) => equip(deps, user.id, body.itemId), { auth: true, body: EquipBody, response: EQUIP })
    .post("/unequip", ({ user, body }) => unequip(deps, user.id, body?.itemId), {
      auth: true,
      body: t.Optional(UnequipBody),
      response: EQUIP,
    })
    .post(
      "/spin-wheel",
      ({ user, body, headers }) =>
        withIdempotency(deps, { userId: user.id, route: "spin-wheel", key: headers["idempotency-key"] }, (tx) =>
          spinWheel(deps, tx, user, body ?? {}),
        ),
      { auth: true, body: t.Optional(SpinBody), response: replies({ 200: SpinResponse }) },
    )
    .post("/border-color", ({ user, body }) => selectBorderColor(deps, user.id, body.colorId), {
      auth: true,
      body: BorderColorBody,
      response: replies({ 200: BorderColorSelectedResponse }),
    })
    // Favourites: GET and PUT (the whole list) as the original client calls them; POST and DELETE one item for ours.
    .get("/favorites", ({ user }) => listFavorites(deps, user.id), { auth: true, response: FAVORITES })
    .put("/favorites", ({ user, body }) => replaceFavorites(deps, user.id, body.favorites), {
      auth: true,
      body: FavoritesBody,
      response: FAVORITES,
    })
    .post("/favorites/:itemId", ({ user, params }) => addFavorite(deps, user.id, Number(params.itemId)), {
      auth: true,
      params: FavoriteParams,
      response: FAVORITES,
    })
    .delete("/favorites/:itemId", ({ user, params }) => removeFavorite(deps, user.id, Number(params.itemId)), {
      auth: true,
      params: FavoriteParams,
      response: FAVORITES,
    })
    .get("/weekly-items", ({ user }) => weeklyItems(deps, user.id), { auth: true, response: replies({ 200: WeeklyItemsResponse }) })
    .post(
      "/test-force-loss",
      async ({ user }) => {
        const result = await forceLoss(deps, user.id);
        await journalWrite(deps, user, "wheel.force-loss", "Perte forcée à la roue (test)", {
          target: user,
          details: { lossStreak: result.lossStreak },
        });
        return result;
      },
      { auth: ADMIN, response: replies({ 200: ForceLossResponse }) },
    )
    .post(
      "/weekly-items/test-add",
      async ({ user, body }) => {
        const shop = await editTodayShop(deps, body.legacyId, "add");
        await journalWrite(deps, user, "shop.edit", `Ajout à la boutique du jour : ${body.legacyId}`, {
          details: { legacyId: body.legacyId, mode: "add" },
        });
        return { success: true as const, message: "Ajouté à la boutique du jour.", shop };
      },
      { auth: ADMIN, body: WeeklyTestBody, response: EDITED },
    )
    .post(
      "/weekly-items/test-remove",
      async ({ user, body }) => {
        const shop = await editTodayShop(deps, body.legacyId, "remove");
        await journalWrite(deps, user, "shop.edit", `Retrait de la boutique du jour : ${body.legacyId}`, {
          details: { legacyId: body.legacyId, mode: "remove" },
        });
        return { success: true as const, message: "Retiré de la boutique du jour.", shop };
      },
      { auth: ADMIN, body: WeeklyTestBody, response: EDITED },
    )
    .post(
      "/weekly-items/reroll",
      async ({ user }) => {
        const shop = await rerollShop(deps);
        await journalWrite(deps, user, "shop.reroll", "Boutique du jour renouvelée", { details: { shop } });
        return { success: true as const, message: "Boutique du jour renouvelée.", shop };
      },
      { auth: ADMIN, response: EDITED },
    );

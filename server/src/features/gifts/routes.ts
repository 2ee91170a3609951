import { Elysia, t } from "elysia";
import {
  DynamicVariantBody,
  GiftAckResponse,
  GiftGivenResponse,
  GiveItemBody,
  RemoveItemBody,
  VariantsResponse,
} from "@planify/common/schemas/economy";
import { OkMessage } from "@planify/common/schemas/shared";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { getUser } from "../users";
import { ackGift, giveItem, removeItem, setDynamicVariant } from "./service";
import { journalWrite } from "../../lib/journal";

const IdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 100 }) });
/** A fresh options object per route: Elysia writes the compiled guard into it (see profiles/routes.ts). */
const ack = () => ({ auth: true, params: IdParams, response: replies({ 200: GiftAckResponse }) }) as const;
const VARIANTS = replies({ 200: VariantsResponse });

/** Gifts and style variants under /users. */
export const giftsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/users" })
    .use(authPlugin(deps))
    .get("/ack-gift/:id", ({ user, params }) => ackGift(deps, user.id, params.id), ack())
    .post("/ack-gift/:id", ({ user, params }) => ackGift(deps, user.id, params.id), ack())
    .get(
      "/dynamic-item-variants",
      async ({ user }) => ({ success: true as const, variants: (await getUser(deps, user.id)).dynamicItemVariants ?? {} }),
      {
        auth: true,
        response: VARIANTS,
      },
    )
    .post("/dynamic-item-variants", ({ user, body }) => setDynamicVariant(deps, user.id, body.itemId, body.variantIndex), {
      auth: true,
      body: DynamicVariantBody,
      response: VARIANTS,
    })
    .post(
      "/:id/give-item",
      async ({ user, params, body, set }) => {
        set.status = 201;
        const given = await giveItem(deps, params.id, body.itemId, body.adminMessage);
        const target = { id: params.id, username: (await getUser(deps, params.id)).username };
        await journalWrite(deps, user, "items.give", `${given.purchasedItem.itemName} offert à ${target.username}`, {
          target,
          details: { itemId: given.purchasedItem.itemId, adminMessage: body.adminMessage ?? null },
        });
        return given;
      },
      { auth: ["admin"], params: IdParams, body: GiveItemBody, response: replies({ 201: GiftGivenResponse }) },
    )
    .post(
      "/:id/remove-item",
      async ({ user, params, body }) => {
        const done = await removeItem(deps, params.id, body.itemId);
        await journalWrite(deps, user, "items.remove", done.message.replace(/\.$/, ""), {
          target: { id: params.id, username: (await getUser(deps, params.id)).username },
          details: { itemId: body.itemId },
        });
        return done;
      },
      {
        auth: ["admin"],
        params: IdParams,
        body: RemoveItemBody,
        response: replies({ 200: OkMessage }),
      },
    );

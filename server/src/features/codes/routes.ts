import { Elysia, t } from "elysia";
import { CodeGeneratedResponse, CodeListResponse, GenerateCodeBody, RedeemBody, RedeemResponse } from "@planify/common/schemas/economy";
import { OkMessage } from "@planify/common/schemas/shared";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { withIdempotency } from "../../lib/idempotency";
import { deleteCode, generateCode, listCodes, redeemCode } from "./service";
import { journalWrite } from "../../lib/journal";

/** Reward codes. */
export const codesRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/redeem-codes" })
    .use(authPlugin(deps))
    .post(
      "/redeem",
      ({ user, body, headers }) =>
        withIdempotency(deps, { userId: user.id, route: "redeem", key: headers["idempotency-key"] }, (tx) =>
          redeemCode(deps, tx, user.id, body.code),
        ),
      { auth: true, body: RedeemBody, response: replies({ 200: RedeemResponse }) },
    )
    .post(
      "/generate",
      async ({ user, body, set }) => {
        set.status = 201;
        const made = await generateCode(deps, user.id, body);
        const reward = [...made.redeemCode.payload.items.map((i) => i.itemName), ...made.redeemCode.payload.colors].join(", ");
        await journalWrite(deps, user, "code.create", `Code ${made.code} créé (${reward}, ${made.redeemCode.maxUses} utilisation(s))`, {
          details: { code: made.code, rewardType: body.rewardType, maxUses: made.redeemCode.maxUses, expiresAt: made.redeemCode.expiresAt },
        });
        return made;
      },
      { auth: ["admin"], body: GenerateCodeBody, response: replies({ 201: CodeGeneratedResponse }) },
    )
    .get("/", () => listCodes(deps), { auth: ["admin"], response: replies({ 200: CodeListResponse }) })
    .delete(
      "/:id",
      async ({ user, params }) => {
        const done = await deleteCode(deps, params.id);
        await journalWrite(deps, user, "code.delete", done.message.replace(/\.$/, ""), { details: { id: params.id } });
        return done;
      },
      { auth: ["admin"], params: t.Object({ id: t.String({ maxLength: 100 }) }), response: replies({ 200: OkMessage }) },
    );

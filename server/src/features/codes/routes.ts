import { Elysia, t } from "elysia";
import { CodeGeneratedResponse, CodeListResponse, GenerateCodeBody, RedeemBody, RedeemResponse } from "@planify/common/schemas/economy";
import { OkMessage } from "@planify/common/schemas/shared";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { withIdempotency } from "../coins/idempotency";
import { deleteCode, generateCode, listCodes, redeemCode } from "./service";

/** Reward codes. */
export const codesRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/redeem-codes" })
    .use(authPlugin(deps))
    .post(
      "/redeem",
      ({ user, body, headers }) =>
        withIdempotency(deps, { userId: user.id, route: "redeem", key: headers["idempotency-key"] }, (tx) => redeemCode(deps, tx, user.id, body.code)),
      { auth: true, body: RedeemBody, response: replies({ 200: RedeemResponse }) },
    )
    .post(
      "/generate",
      ({ user, body, set }) => {
        set.status = 201;
        return generateCode(deps, user.id, body);
      },
      { auth: ["admin"], body: GenerateCodeBody, response: replies({ 201: CodeGeneratedResponse }) },
    )
    .get("/", () => listCodes(deps), { auth: ["admin"], response: replies({ 200: CodeListResponse }) })
    .delete("/:id", ({ params }) => deleteCode(deps, params.id), { auth: ["admin"], params: t.Object({ id: t.String({ maxLength: 100 }) }), response: replies({ 200: OkMessage }) });

import { Elysia, t } from "elysia";
import {
  AdminUserList,
  AdminUserSummaryList,
  BulkGiveBody,
  BulkRemoveBody,
  BulkResponse,
  GlobalGiftBody,
  GlobalGiftResponse,
  UpdateUserBody,
  UserUpdatedResponse,
  UsersAdminBody,
} from "@planify/common/schemas/admin";
import { UsersAdminResponse } from "@planify/common/schemas/economy";
import { FileDownload, OkMessage } from "@planify/common/schemas/shared";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { routeNotFound } from "../../lib/errors";
import { isUserId } from "../../lib/ids";
import { authPlugin } from "../../plugins/auth";
import { bulkGive, bulkRemove } from "./bulk";
import { commitImport, previewImport } from "./class-import";
import { ImportCommitBody, ImportCommitResponse, ImportPreviewBody, ImportPreviewResponse } from "@planify/common/schemas/class-import";
import { clearItems, deleteUser } from "./delete";
import { exportUsers } from "./export";
import { globalGift } from "./gift";
import { listAdminUsers, listSummaries } from "./present";
import { setUserAvatarUrl, setUserBalance, setUserBorderColor } from "./service";
import { updateUser } from "./update";

const ADMIN = ["admin"] as const;
const BULK = () => replies({ 200: BulkResponse });
/** Account ids are UUIDs: anything else is another path, answered 404 before the session check. */
const userIdParam = () => ({
  params: t.Object({ id: t.String({ maxLength: 100 }) }),
  transform: ({ params, request, path }: { params: { id: string }; request: Request; path: string }) => {
    if (!isUserId(params.id)) throw routeNotFound(request.method, path);
  },
});

/** /users-admin: lists, balance and border actions, bulk actions, the global gift and the export. */
export const usersAdminRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/users-admin" })
    .use(authPlugin(deps))
    .get("/", () => ({ success: true as const, users: listSummaries(deps) }), { auth: [...ADMIN], response: replies({ 200: AdminUserSummaryList }) })
    .post(
      "/",
      ({ user, body }) => {
        switch (body.action) {
          case "update-coins":
            return setUserBalance(deps, user, body.userId, "coins", body.coins);
          case "update-leaderboard-coins":
            return setUserBalance(deps, user, body.userId, "leaderboardCoins", body.leaderboardCoins);
          case "update-faction-coins":
            return setUserBalance(deps, user, body.userId, "factionCoins", body.factionCoins);
          case "set-border-color":
            return setUserBorderColor(deps, user, body.userId, body.colorId, body.adminMessage);
          case "set-avatar-url":
            return setUserAvatarUrl(deps, user, body.userId, body.avatar);
        }
      },
      { auth: [...ADMIN], body: UsersAdminBody, response: replies({ 200: UsersAdminResponse }) },
    )
    .post("/bulk-give", ({ user, body }) => bulkGive(deps, user, body), { auth: [...ADMIN], body: BulkGiveBody, response: BULK() })
    .post("/bulk-remove", ({ user, body }) => bulkRemove(deps, user, body), { auth: [...ADMIN], body: BulkRemoveBody, response: BULK() })
    .post("/gift", ({ user, body }) => globalGift(deps, user, body), { auth: [...ADMIN], body: GlobalGiftBody, response: replies({ 200: GlobalGiftResponse }) })
    .get("/export", () => exportUsers(deps), { auth: [...ADMIN], response: replies({ 200: FileDownload }) })
    .post("/import/preview", ({ body }) => previewImport(deps, body), { auth: [...ADMIN], body: ImportPreviewBody, response: replies({ 200: ImportPreviewResponse }) })
    .post(
      "/import/commit",
      async ({ user, body, set }) => {
        set.status = 201;
        return commitImport(deps, user, body);
      },
      { auth: [...ADMIN], body: ImportCommitBody, response: replies({ 201: ImportCommitResponse }) },
    );

/** /users admin routes: the full list, edit, delete and "remove all items". */
export const usersManageRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/users" })
    .use(authPlugin(deps))
    .get("/admin", () => ({ success: true as const, users: listAdminUsers(deps) }), { auth: [...ADMIN], response: replies({ 200: AdminUserList }) })
    .put("/:id", ({ user, params, body }) => updateUser(deps, user, params.id, body), {
      ...userIdParam(),
      auth: [...ADMIN],
      body: UpdateUserBody,
      response: replies({ 200: UserUpdatedResponse }),
    })
    .delete("/:id", ({ user, params }) => deleteUser(deps, user, params.id), { ...userIdParam(), auth: [...ADMIN], response: replies({ 200: OkMessage }) })
    .delete("/:id/items", ({ user, params }) => clearItems(deps, user, params.id), { ...userIdParam(), auth: [...ADMIN], response: replies({ 200: OkMessage }) });

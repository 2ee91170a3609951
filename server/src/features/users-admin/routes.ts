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
import { untieIdentity } from "./untie";

const ADMIN = ["admin"] as const;
/** The route's entry in the OpenAPI reference (French, like every text a reader sees). */
const doc = (summary: string, description: string) => ({ summary, description });
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
    .get("/", async () => ({ success: true as const, users: await listSummaries(deps) }), {
      auth: [...ADMIN],
      response: replies({ 200: AdminUserSummaryList }),
      detail: doc(
        "Liste des comptes pour les sélecteurs",
        "Admin. Chaque compte (id, nom d'utilisateur, rôle, année, groupe), trié par nom d'utilisateur.",
      ),
    })
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
      {
        auth: [...ADMIN],
        body: UsersAdminBody,
        response: replies({ 200: UsersAdminResponse }),
        detail: doc(
          "Actions sur un compte",
          "Admin. `action` : update-coins, update-leaderboard-coins, update-faction-coins (solde fixé, l'écart passe par le registre), set-border-color (couleur offerte et sélectionnée), set-avatar-url (URL http(s) enregistrée telle quelle, jamais téléchargée par le serveur). Les refus portent aussi `error`. Inscrit au journal.",
        ),
      },
    )
    .post("/bulk-give", ({ user, body }) => bulkGive(deps, user, body), {
      auth: [...ADMIN],
      body: BulkGiveBody,
      response: BULK(),
      detail: doc(
        "Don en masse",
        "Admin. Items, items dynamiques et couleurs à jusqu'à 5 000 comptes, en une transaction ; cadeaux non lus avec le message. Compte chaque paire (compte, item) : donnés, déjà possédés, échecs (items non offrables).",
      ),
    })
    .post("/bulk-remove", ({ user, body }) => bulkRemove(deps, user, body), {
      auth: [...ADMIN],
      body: BulkRemoveBody,
      response: BULK(),
      detail: doc("Retrait en masse", "Admin. Retire des items ou couleurs à plusieurs comptes ; un item absent compte comme non possédé."),
    })
    .post("/gift", ({ user, body }) => globalGift(deps, user, body), {
      auth: [...ADMIN],
      body: GlobalGiftBody,
      response: replies({ 200: GlobalGiftResponse }),
      detail: doc(
        "Cadeau global",
        "Admin. À tous ou à des comptes choisis : items et couleurs comme le don en masse, et des coins par le registre (un montant négatif ne descend jamais un portefeuille sous 0). Chaque compte dont le solde change reçoit un pop-up avec le montant et le message.",
      ),
    })
    .get("/export", () => exportUsers(deps), {
      auth: [...ADMIN],
      response: replies({ 200: FileDownload }),
      detail: doc(
        "Export CSV des comptes",
        "Admin. Fichier CSV (UTF-8 avec BOM, séparateur « ; ») nommé planify-utilisateurs-AAAA-MM-JJ.csv ; jamais de mot de passe ni de réponse secrète.",
      ),
    })
    .delete("/:id/sso-identity/:providerId", ({ user, params }) => untieIdentity(deps, user, params.id, params.providerId), {
      params: t.Object({ id: t.String({ maxLength: 100 }), providerId: t.String({ maxLength: 100 }) }),
      transform: ({ params, request, path }) => {
        if (!isUserId(params.id)) throw routeNotFound(request.method, path);
      },
      auth: [...ADMIN],
      response: replies({ 200: UserUpdatedResponse }),
      detail: doc(
        "Délier l'identité ENT",
        "Admin. Retire le lien entre le compte et son identité chez ce fournisseur ENT ; la prochaine connexion ENT relie de nouveau par nom d'utilisateur. Inscrit au journal. 404 si le compte n'y est pas lié.",
      ),
    })
    .post("/import/preview", ({ body }) => previewImport(deps, body), {
      auth: [...ADMIN],
      body: ImportPreviewBody,
      response: replies({ 200: ImportPreviewResponse }),
    })
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
    .get("/admin", async () => ({ success: true as const, users: await listAdminUsers(deps) }), {
      auth: [...ADMIN],
      response: replies({ 200: AdminUserList }),
      detail: doc(
        "Liste complète des comptes",
        "Admin. Chaque compte avec ses soldes, items possédés, « doit choisir son mot de passe » et « a des questions secrètes » ; jamais un hachage ni une réponse.",
      ),
    })
    .put("/:id", ({ user, params, body }) => updateUser(deps, user, params.id, body), {
      ...userIdParam(),
      auth: [...ADMIN],
      body: UpdateUserBody,
      response: replies({ 200: UserUpdatedResponse }),
      detail: doc(
        "Modifier un compte",
        "Admin. Champs, mot de passe (vide : inchangé ; sinon 8 caractères au moins, sessions fermées), soldes par le registre, ou exactement 3 questions secrètes. Le rôle admin donne l'item 28, le perdre le retire. Un admin ne peut ni se rétrograder ni retirer le dernier admin (409).",
      ),
    })
    .delete("/:id", ({ user, params }) => deleteUser(deps, user, params.id), {
      ...userIdParam(),
      auth: [...ADMIN],
      response: replies({ 200: OkMessage }),
      detail: doc(
        "Supprimer un compte",
        "Admin. « Effacer les données » : le compte, ses lignes et ses fichiers (rendus, avatar, musique) ; le registre des pièces garde ses lignes sous un identifiant anonyme (totaux inchangés), le journal garde « compte supprimé ». Pas soi-même ni le dernier admin (409).",
      ),
    })
    .delete("/:id/items", ({ user, params }) => clearItems(deps, user, params.id), {
      ...userIdParam(),
      auth: [...ADMIN],
      response: replies({ 200: OkMessage }),
      detail: doc(
        "Retirer tous les items",
        "Admin. Retire items et couleurs sauf la bordure classique (0), Prestige (27) et, pour un admin, Planify (28) ; bordure remise par défaut, rien d'équipé.",
      ),
    });

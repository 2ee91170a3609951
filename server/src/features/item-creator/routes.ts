import { Elysia, t } from "elysia";
import {
  BorderColorDeletedResponse,
  BorderColorInput,
  BorderColorQuery,
  BorderColorSavedResponse,
  ItemDeletedResponse,
  ItemInput,
  ItemParams,
  ItemSavedResponse,
  ItemUploadResponse,
} from "@planify/common/schemas/item-creator";
import { FileDownload } from "@planify/common/schemas/shared";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { serveAsset, uploadAssets } from "./assets";
import { createColor, deleteColor, updateColor } from "./colors-service";
import { createItem, deleteItem, updateItem } from "./items-service";

const ADMIN = ["admin"] as const;
const doc = (summary: string, description: string) => ({ summary, description });

/** The item creator's writes (admin only, each recorded in the journal) and the uploaded images. */
export const itemCreatorRoutes = (deps: AppDeps) =>
  new Elysia({ name: "item-creator", seed: deps.instanceId })
    .use(authPlugin(deps))
    .post("/items", ({ user, body }) => createItem(deps, user, body), {
      auth: [...ADMIN],
      body: ItemInput,
      response: replies({ 200: ItemSavedResponse }),
      detail: doc(
        "Créer un item",
        "Admin. L'item complet du créateur ; legacyId numérique et unique (409 « legacyId déjà utilisé »), prix ≥ 0, images déjà téléversées. Les créateurs sont les noms du champ crédits qui correspondent à un compte. Inscrit au journal.",
      ),
    })
    .post("/items/upload", ({ user, body }) => uploadAssets(deps, user, body), {
      auth: [...ADMIN],
      response: replies({ 200: ItemUploadResponse }),
      detail: doc(
        "Téléverser des images d'item",
        "Admin. Multipart, champ `files` (10 fichiers de 2 Mo au plus). PNG, JPEG, GIF et WebP jugés sur leur contenu ; SVG accepté seulement sans script, gestionnaire d'événement ni ressource externe. Inscrit au journal.",
      ),
    })
    .put("/items/:id", ({ user, params, body }) => updateItem(deps, user, params.id, body), {
      auth: [...ADMIN],
      params: ItemParams,
      body: ItemInput,
      response: replies({ 200: ItemSavedResponse }),
      detail: doc(
        "Modifier un item créé",
        "Admin. `id` : legacyId ou _id. Le numéro ne change plus dès qu'un compte possède l'item. Inscrit au journal.",
      ),
    })
    .delete("/items/:id", ({ user, params }) => deleteItem(deps, user, params.id), {
      auth: [...ADMIN],
      params: ItemParams,
      response: replies({ 200: ItemDeletedResponse }),
      detail: doc(
        "Supprimer un item créé",
        "Admin. Refusé (409, avec le nombre de comptes) tant que des comptes le possèdent ou qu'un code utilisable l'offre. Inscrit au journal.",
      ),
    })
    .get("/items/assets/:name", ({ request, params }) => serveAsset(deps, request, params.name), {
      params: t.Object({ name: t.String({ maxLength: 60 }) }),
      response: replies({ 200: FileDownload, 206: FileDownload }),
      detail: doc("Image d'item", "Public. Une image téléversée pour un item créé (mise en cache définitive : le nom est aléatoire)."),
    })
    .post("/border-colors", ({ user, body }) => createColor(deps, user, body), {
      auth: [...ADMIN],
      body: BorderColorInput,
      response: replies({ 200: BorderColorSavedResponse }),
      detail: doc(
        "Créer une couleur de bordure",
        "Admin. id nouveau (minuscules, chiffres, tirets), couleur et dégradé CSS vérifiés, prix ≥ 0 ; sans legacyId, la couleur prend un numéro négatif dérivé de son id. Inscrit au journal.",
      ),
    })
    .put("/border-colors", ({ user, query, body }) => updateColor(deps, user, query.id, body), {
      auth: [...ADMIN],
      query: BorderColorQuery,
      body: BorderColorInput,
      response: replies({ 200: BorderColorSavedResponse }),
      detail: doc("Modifier une couleur créée", "Admin. `?id=` : la couleur ; les couleurs fixes ne se modifient pas. Inscrit au journal."),
    })
    .delete("/border-colors", ({ user, query }) => deleteColor(deps, user, query.id), {
      auth: [...ADMIN],
      query: BorderColorQuery,
      response: replies({ 200: BorderColorDeletedResponse }),
      detail: doc(
        "Supprimer une couleur créée",
        "Admin. `?id=` ; refusé (409) tant que des comptes la possèdent ou qu'un code utilisable l'offre. Inscrit au journal.",
      ),
    });

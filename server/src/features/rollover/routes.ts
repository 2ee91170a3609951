import { Elysia, t } from "elysia";
import { OkMessage } from "@planify/common/schemas/shared";
import { ROLLOVER_MESSAGES as M } from "@planify/common/constants/rollover";
import {
  RolloverArchivesQuery,
  RolloverArchivesResponse,
  RolloverBody,
  RolloverPreviewResponse,
  RolloverRunResponse,
} from "@planify/common/schemas/rollover";
import type { AppDeps } from "../../deps";
import { routeNotFound } from "../../lib/errors";
import { isUserId } from "../../lib/ids";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { listArchives, previewRollover, reactivateUser, runRollover } from "./service";

const ADMIN = ["admin"] as const;
const doc = (summary: string, description: string) => ({ summary, description });

/**
 * « Nouvelle année scolaire »: the preview and the run (admin only), the archived tasks of a
 * closed year (staff, read-only) and the reactivation of a deactivated account (admin).
 */
export const rolloverRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/admin" })
    .use(authPlugin(deps))
    .post("/rollover/preview", ({ body }) => previewRollover(deps, body), {
      auth: [...ADMIN],
      body: RolloverBody,
      response: replies({ 200: RolloverPreviewResponse }),
      detail: doc(
        "Nouvelle année scolaire : aperçu",
        "Admin. Compte ce que la clôture changerait (passages BUT1→BUT2, BUT2→BUT3, redoublants, diplômés désactivés, tâches archivées, groupes remis à zéro) sans rien modifier. Identifiants inconnus : 400 qui les nomme.",
      ),
    })
    .post("/rollover", ({ body, user }) => runRollover(deps, user, body), {
      auth: [...ADMIN],
      body: RolloverBody,
      response: replies({ 200: RolloverRunResponse }),
      detail: doc(
        "Nouvelle année scolaire : clôture",
        "Admin. Écrit d'abord une sauvegarde complète (503 BACKUP_FAILED si impossible : rien n'est modifié), puis en une transaction : passages d'année, diplômés désactivés (suppression après le délai), tâches de classe archivées, groupes remis à zéro si demandé, une entrée au journal. Une seconde clôture de la même année : 409 ROLLOVER_DONE.",
      ),
    })
    .get("/rollover/archives", ({ query, user }) => listArchives(deps, user, query.year), {
      auth: ["prof", "admin"],
      query: RolloverArchivesQuery,
      response: replies({ 200: RolloverArchivesResponse }),
      detail: doc("Tâches archivées d'une année", "Profs et admins. Les tâches de classe archivées avec l'année `year`, en lecture seule."),
    })
    .post(
      "/users/:id/reactivate",
      async ({ params, user }) => {
        await reactivateUser(deps, user, params.id);
        return { success: true as const, message: M.reactivated };
      },
      {
        auth: [...ADMIN],
        params: t.Object({ id: t.String({ maxLength: 100 }) }),
        transform: ({ params, request, path }) => {
          if (!isUserId(params.id)) throw routeNotFound(request.method, path);
        },
        response: replies({ 200: OkMessage }),
        detail: doc("Réactiver un compte", "Admin. Efface la désactivation et la date de suppression d'un diplômé. Inscrit au journal."),
      },
    );

import { Elysia, t } from "elysia";
import { TASK_MESSAGES as M } from "@planify/common/constants/tasks";
import {
  FeedbackBody,
  FeedbackSavedResponse,
  HandInDetailResponse,
  HandInOverrideBody,
  HandInRowResponse,
  HandInTableResponse,
  MarkScaleBody,
  MarkScaleResponse,
  NudgeResponse,
  PublishResponse,
  ReturnedFilesResponse,
  ToMarkResponse,
} from "@planify/common/schemas/hand-ins";
import { FileDownload } from "@planify/common/schemas/shared";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/errors";
import { filesFromBody, STORED_NAME_PATTERN } from "../../lib/files";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { saveFeedback, setScale } from "./feedback";
import { nudge } from "./nudge";
import { reopen, setOverride } from "./overrides";
import { publishAll } from "./publish";
import { addReturned, deleteReturned, downloadReturned } from "./returned";
import { handInCsv, handInDetail, handInTable } from "./table";
import { toMark } from "./to-mark";

const STAFF = ["prof", "admin"] as const;
const id = () => t.String({ maxLength: 100 });
const TaskParams = t.Object({ taskId: id() });
const StudentParams = t.Object({ taskId: id(), userId: id() });
const StudentFileParams = t.Object({ taskId: id(), userId: id(), filename: t.String({ maxLength: 300 }) });
const ReturnedParams = t.Object({ taskId: id(), filename: t.String({ maxLength: 300 }) });
const DOWNLOAD = replies({ 200: FileDownload });
const STORED_NAME = new RegExp(STORED_NAME_PATTERN);

/** Only generated names can name a stored file; anything else is unknown. */
function storedName(raw: string): string {
  if (!STORED_NAME.test(raw)) throw notFound(M.fileNotFound);
  return raw;
}

const doc = (summary: string) => ({ detail: { summary } });

/** /hand-ins: the teacher's tools on a task's hand-ins (profs and admins), and a student's returned copy. */
export const handInsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/hand-ins" })
    .use(authPlugin(deps))
    .get("/to-mark", ({ user }) => toMark(deps, user), {
      auth: [...STAFF],
      response: replies({ 200: ToMarkResponse }),
      ...doc("« À corriger » : mes tâches dont des rendus attendent une correction, par échéance"),
    })
    .get("/tasks/:taskId", ({ params }) => handInTable(deps, params.taskId), {
      auth: [...STAFF],
      params: TaskParams,
      response: replies({ 200: HandInTableResponse }),
      ...doc("Tableau des rendus : chaque étudiant qui voit la tâche, son statut, sa correction ; les totaux"),
    })
    .get("/tasks/:taskId/export.csv", ({ params }) => handInCsv(deps, params.taskId), {
      media: [...STAFF],
      params: TaskParams,
      response: DOWNLOAD,
      ...doc("Tableau des rendus en CSV (UTF-8 avec BOM, séparateur « ; », heures de Paris)"),
    })
    .post("/tasks/:taskId/nudge", ({ user, params }) => nudge(deps, user, params.taskId), {
      auth: [...STAFF],
      params: TaskParams,
      response: replies({ 200: NudgeResponse }),
      ...doc("« Relancer les retardataires » : un rappel aux étudiants qui n'ont pas rendu, une fois par jour au plus"),
    })
    .put("/tasks/:taskId/scale", ({ user, params, body }) => setScale(deps, user, params.taskId, body.markScale), {
      auth: [...STAFF],
      params: TaskParams,
      body: MarkScaleBody,
      response: replies({ 200: MarkScaleResponse }),
      ...doc("Barème de la tâche (1 à 100) ; refusé si une note le dépasse, ou une fois des notes rendues"),
    })
    .post("/tasks/:taskId/publish", ({ user, params }) => publishAll(deps, user, params.taskId), {
      auth: [...STAFF],
      params: TaskParams,
      response: replies({ 200: PublishResponse }),
      ...doc("« Rendre les copies » : publie toutes les corrections en brouillon d'un coup (ou aucune) et prévient les étudiants"),
    })
    .get("/tasks/:taskId/students/:userId", ({ params }) => handInDetail(deps, params.taskId, params.userId), {
      auth: [...STAFF],
      params: StudentParams,
      response: replies({ 200: HandInDetailResponse }),
      ...doc("Le rendu d'un étudiant : chaque version (retard jugé par version), la correction, les copies corrigées"),
    })
    .put(
      "/tasks/:taskId/students/:userId/override",
      ({ user, params, body }) => setOverride(deps, user, params.taskId, params.userId, body),
      {
        auth: [...STAFF],
        params: StudentParams,
        body: HandInOverrideBody,
        response: replies({ 200: HandInRowResponse }),
        ...doc("Délai propre à un étudiant (date et heure de Paris, après l'échéance ; null : celle de la tâche) et dispense"),
      },
    )
    .post("/tasks/:taskId/students/:userId/reopen", ({ user, params }) => reopen(deps, user, params.taskId, params.userId), {
      auth: [...STAFF],
      params: StudentParams,
      response: replies({ 200: HandInRowResponse }),
      ...doc("Rouvre le dépôt d'un étudiant (même boîte fermée), jusqu'à ce que sa copie soit de nouveau rendue"),
    })
    .put(
      "/tasks/:taskId/students/:userId/feedback",
      ({ user, params, body }) => saveFeedback(deps, user, params.taskId, params.userId, body),
      {
        auth: [...STAFF],
        params: StudentParams,
        body: FeedbackBody,
        response: replies({ 200: FeedbackSavedResponse }),
        ...doc("Brouillon de correction : commentaire (texte riche nettoyé) et note (« 12,5 ») ; invisible pour l'étudiant"),
      },
    )
    .post(
      "/tasks/:taskId/students/:userId/returned",
      async ({ user, params, body, set }) => {
        const answer = await addReturned(deps, user, params.taskId, params.userId, filesFromBody(body));
        set.status = 201;
        return answer;
      },
      {
        auth: [...STAFF],
        params: StudentParams,
        response: replies({ 201: ReturnedFilesResponse }),
        ...doc("Ajoute des copies corrigées (multipart `files` : PDF, Word, ZIP, RAR, images), visibles une fois les copies rendues"),
      },
    )
    .delete(
      "/tasks/:taskId/students/:userId/returned/:filename",
      ({ user, params }) => deleteReturned(deps, user, params.taskId, params.userId, storedName(params.filename)),
      {
        auth: [...STAFF],
        params: StudentFileParams,
        response: replies({ 200: ReturnedFilesResponse }),
        ...doc("Supprime une copie corrigée"),
      },
    )
    .get(
      "/tasks/:taskId/students/:userId/returned/:filename/download",
      ({ user, params }) => downloadReturned(deps, user, params.taskId, storedName(params.filename), params.userId),
      {
        media: [...STAFF],
        params: StudentFileParams,
        response: DOWNLOAD,
        ...doc("Télécharge une copie corrigée (enseignants)"),
      },
    )
    .get(
      "/returned/:taskId/:filename/download",
      ({ user, params }) => downloadReturned(deps, user, params.taskId, storedName(params.filename)),
      {
        media: true,
        params: ReturnedParams,
        response: DOWNLOAD,
        ...doc("Télécharge sa copie corrigée, une fois les copies rendues (l'étudiant concerné ; les enseignants)"),
      },
    );

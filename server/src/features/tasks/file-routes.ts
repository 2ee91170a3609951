import { Elysia, t } from "elysia";
import { TASK_MESSAGES as M } from "@planify/common/constants/tasks";
import {
  AttachmentDeletedResponse,
  AttachmentsAddedResponse,
  AttachmentsResponse,
  MySubmissionResponse,
  SubmissionsResponse,
  SubmitResponse,
} from "@planify/common/schemas/tasks";
import { FileDownload } from "@planify/common/schemas/shared";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { journalTask } from "./journal";
import { authPlugin } from "../../plugins/auth";
import { notFound } from "../../lib/errors";
import { downloadHeaders, filesFromBody, STORED_NAME_PATTERN } from "../../lib/files";
import { zipFileName, zipStream } from "../../lib/zip";
import { addAttachments, deleteAttachment, downloadAttachment, listAttachments } from "./files-service";
import { deleteMySubmissionFile, downloadSubmissionFile, listSubmissions, mySubmission, submitFiles } from "./hand-in-service";
import { submissionsZip } from "./hand-in-zip";

const IdParams = t.Object({ id: t.String({ maxLength: 100 }) });
const FileParams = t.Object({ id: t.String({ maxLength: 100 }), filename: t.String({ maxLength: 300 }) });
const STORED_NAME = new RegExp(STORED_NAME_PATTERN);
const DOWNLOAD = replies({ 200: FileDownload });

/** Only generated names can name a stored file; anything else (paths, original names) is unknown. */
export function storedName(raw: string): string {
  if (!STORED_NAME.test(raw)) throw notFound(M.fileNotFound);
  return raw;
}

/** Attachments, hand-ins and the ZIP of all hand-ins. */
export const fileRoutes = (deps: AppDeps) =>
  new Elysia({ name: "task-files", seed: deps.instanceId })
    .use(authPlugin(deps))
    .get(
      "/:id/attachments",
      async ({ user, params }) => ({ success: true as const, attachments: await listAttachments(deps, user, params.id) }),
      {
        auth: true,
        params: IdParams,
        response: replies({ 200: AttachmentsResponse }),
      },
    )
    .post(
      "/:id/attachments",
      async ({ user, params, body, set }) => {
        const { added, attachments } = await addAttachments(deps, user, params.id, filesFromBody(body));
        await journalTask(
          deps,
          user,
          "task.files",
          `Pièce(s) jointe(s) ajoutée(s) : ${added.map((f) => f.originalname).join(", ")}`,
          params.id,
          {
            added: added.map((f) => f.originalname),
          },
        );
        set.status = 201;
        return { success: true as const, message: M.attachmentsAdded, files: added, attachments };
      },
      { auth: ["delegue", "prof", "admin"], params: IdParams, response: replies({ 201: AttachmentsAddedResponse }) },
    )
    .delete(
      "/:id/attachments/:filename",
      async ({ user, params }) => {
        const attachments = await deleteAttachment(deps, user, params.id, storedName(params.filename));
        await journalTask(deps, user, "task.files", "Pièce jointe supprimée", params.id, { removed: storedName(params.filename) });
        return { success: true as const, message: M.fileDeleted, attachments };
      },
      { auth: ["delegue", "prof", "admin"], params: FileParams, response: replies({ 200: AttachmentDeletedResponse }) },
    )
    .get(
      "/:id/attachments/:filename/download",
      ({ user, params }) => downloadAttachment(deps, user, params.id, storedName(params.filename)),
      { media: true, params: FileParams, response: DOWNLOAD },
    )
    .get(
      "/:id/submissions",
      async ({ params }) => ({ success: true as const, submissions: (await listSubmissions(deps, params.id)).submissions }),
      {
        auth: ["prof", "admin"],
        params: IdParams,
        response: replies({ 200: SubmissionsResponse }),
      },
    )
    .get(
      "/:id/submissions/zip",
      async ({ params }) => {
        const { task, entries } = await submissionsZip(deps, params.id);
        return new Response(zipStream(entries), { headers: downloadHeaders(zipFileName(task.titre), "application/zip") });
      },
      { media: ["prof", "admin"], params: IdParams, response: DOWNLOAD },
    )
    // The documented hand-in path, and the one earlier answers carried.
    .get(
      "/:id/submissions/:filename/download",
      ({ user, params }) => downloadSubmissionFile(deps, user, params.id, storedName(params.filename)),
      {
        media: true,
        params: FileParams,
        response: DOWNLOAD,
      },
    )
    .get(
      "/:id/submissions/files/:filename/download",
      ({ user, params }) => downloadSubmissionFile(deps, user, params.id, storedName(params.filename)),
      { media: true, params: FileParams, response: DOWNLOAD },
    )
    .get("/:id/my-submission", async ({ user, params }) => ({ success: true as const, ...(await mySubmission(deps, user, params.id)) }), {
      auth: true,
      params: IdParams,
      response: replies({ 200: MySubmissionResponse }),
    })
    .post(
      "/:id/submissions",
      async ({ user, params, body, set }) => {
        const submission = await submitFiles(deps, user, params.id, filesFromBody(body));
        set.status = 201;
        return { success: true as const, message: M.depositDone, ...submission };
      },
      { auth: true, params: IdParams, response: replies({ 201: SubmitResponse }) },
    )
    .delete(
      "/:id/my-submission/:filename",
      async ({ user, params }) => ({
        success: true as const,
        message: M.fileDeleted,
        ...(await deleteMySubmissionFile(deps, user, params.id, storedName(params.filename))),
      }),
      { auth: true, params: FileParams, response: replies({ 200: SubmitResponse }) },
    );

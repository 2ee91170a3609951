import { Elysia, t } from "elysia";
import { OkMessage } from "@planify/common/schemas/shared";
import {
  PatchNoteBody,
  PatchNoteLatestMetaResponse,
  PatchNoteListResponse,
  PatchNoteResponse,
  PatchNoteSavedResponse,
} from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { authPlugin, sessionUser } from "../../plugins/auth";
import {
  createPatchNote,
  deletePatchNote,
  getPatchNote,
  latestPatchNoteMeta,
  listPatchNotes,
  PATCH_NOTE_MESSAGES,
  updatePatchNote,
} from "./service";

const ID = t.Object({ id: t.String({ maxLength: 100 }) });
/** The admin area adds a cache-busting timestamp; it is accepted and ignored. */
const READ_QUERY = t.Object({ ts: t.Optional(t.String({ maxLength: 30 })) });

/** Whether this request comes from an admin (the reads are public: the About page is). */
async function seesDrafts(deps: AppDeps, request: Request): Promise<boolean> {
  return (await sessionUser(deps, request))?.role === "admin";
}

/** Patch notes: public reads of the published ones, admin writes. */
export const patchNotesRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/patch-notes" })
    .use(authPlugin(deps))
    .get(
      "/",
      async ({ request }) => ({ success: true as const, notes: listPatchNotes(deps, await seesDrafts(deps, request)) }),
      { query: READ_QUERY, response: replies({ 200: PatchNoteListResponse }) },
    )
    .get("/latest-meta", () => ({ success: true as const, latest: latestPatchNoteMeta(deps) }), {
      query: READ_QUERY,
      response: replies({ 200: PatchNoteLatestMetaResponse }),
    })
    .get(
      "/:id",
      async ({ request, params }) => ({ success: true as const, note: getPatchNote(deps, params.id, await seesDrafts(deps, request)) }),
      { params: ID, query: READ_QUERY, response: replies({ 200: PatchNoteResponse }) },
    )
    .post(
      "/",
      ({ user, body, set }) => {
        const note = createPatchNote(deps, body, user.id);
        set.status = 201;
        return { success: true as const, message: note.published ? PATCH_NOTE_MESSAGES.created : PATCH_NOTE_MESSAGES.draftCreated, note };
      },
      { auth: ["admin"], body: PatchNoteBody, response: replies({ 201: PatchNoteSavedResponse }) },
    )
    .put(
      "/:id",
      ({ params, body }) => ({ success: true as const, message: PATCH_NOTE_MESSAGES.updated, note: updatePatchNote(deps, params.id, body) }),
      { auth: ["admin"], params: ID, body: PatchNoteBody, response: replies({ 200: PatchNoteSavedResponse }) },
    )
    .delete(
      "/:id",
      ({ params }) => {
        deletePatchNote(deps, params.id);
        return { success: true as const, message: PATCH_NOTE_MESSAGES.deleted };
      },
      { auth: ["admin"], params: ID, response: replies({ 200: OkMessage }) },
    );

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
import { journalWrite } from "../../lib/journal";

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
    .get("/", async ({ request }) => ({ success: true as const, notes: await listPatchNotes(deps, await seesDrafts(deps, request)) }), {
      query: READ_QUERY,
      response: replies({ 200: PatchNoteListResponse }),
    })
    .get("/latest-meta", async () => ({ success: true as const, latest: await latestPatchNoteMeta(deps) }), {
      query: READ_QUERY,
      response: replies({ 200: PatchNoteLatestMetaResponse }),
    })
    .get(
      "/:id",
      async ({ request, params }) => ({
        success: true as const,
        note: await getPatchNote(deps, params.id, await seesDrafts(deps, request)),
      }),
      { params: ID, query: READ_QUERY, response: replies({ 200: PatchNoteResponse }) },
    )
    .post(
      "/",
      async ({ user, body, set }) => {
        const note = await createPatchNote(deps, body, user.id);
        await journalWrite(
          deps,
          user,
          "patch-note.create",
          `Note « ${note.title} » ${note.published ? "publiée" : "enregistrée en brouillon"}`,
          {
            details: { id: note.id, version: note.version },
          },
        );
        set.status = 201;
        return { success: true as const, message: note.published ? PATCH_NOTE_MESSAGES.created : PATCH_NOTE_MESSAGES.draftCreated, note };
      },
      { auth: ["admin"], body: PatchNoteBody, response: replies({ 201: PatchNoteSavedResponse }) },
    )
    .put(
      "/:id",
      async ({ user, params, body }) => {
        const note = await updatePatchNote(deps, params.id, body);
        await journalWrite(deps, user, "patch-note.update", `Note « ${note.title} » modifiée${note.published ? "" : " (brouillon)"}`, {
          details: { id: note.id, version: note.version },
        });
        return { success: true as const, message: PATCH_NOTE_MESSAGES.updated, note };
      },
      { auth: ["admin"], params: ID, body: PatchNoteBody, response: replies({ 200: PatchNoteSavedResponse }) },
    )
    .delete(
      "/:id",
      async ({ user, params }) => {
        await deletePatchNote(deps, params.id);
        await journalWrite(deps, user, "patch-note.delete", "Note de mise à jour supprimée", { details: { id: params.id } });
        return { success: true as const, message: PATCH_NOTE_MESSAGES.deleted };
      },
      { auth: ["admin"], params: ID, response: replies({ 200: OkMessage }) },
    );

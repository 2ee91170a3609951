import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { storedName } from "./file-routes";
import { downloadAttachment } from "./files-service";
import { downloadSubmissionFile } from "./hand-in-service";

const Params = t.Object({ taskId: t.String({ maxLength: 100 }), filename: t.String({ maxLength: 300 }) });

/**
 * The `/uploads/…` paths that task answers carry (`path`), which clients resolve against the
 * host without the /api suffix. Nothing is served from a folder: they are the same checked
 * downloads as the /api/events/… routes (session by bearer token or cookie, task visibility,
 * a hand-in only for its owner, profs and admins).
 */
export const uploadsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/uploads", name: "uploads", seed: deps.instanceId })
    .use(authPlugin(deps))
    .get("/events/:taskId/:filename", ({ user, params }) => downloadAttachment(deps, user, params.taskId, storedName(params.filename)), {
      media: true,
      params: Params,
    })
    .get(
      "/submissions/:taskId/:filename",
      ({ user, params }) => downloadSubmissionFile(deps, user, params.taskId, storedName(params.filename)),
      {
        media: true,
        params: Params,
      },
    );

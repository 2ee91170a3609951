import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { authPlugin } from "../../plugins/auth";
import { downloadNamedAttachment } from "../tasks";
import { downloadProposalFileNamed, storedNameOf } from "./files";

// The router wants one name per segment position: the tasks' /uploads/events/:taskId/:filename
// names this one `taskId`, so here `taskId` holds the file's stored name.
const Params = t.Object({ taskId: t.String({ maxLength: 300 }) });

/** A proposal's file the caller may read, else a task's attachment they may see, else 404. */
async function downloadNamed(deps: AppDeps, user: UserRow, raw: string): Promise<Response> {
  const name = storedNameOf(raw);
  return (await downloadProposalFileNamed(deps, user, name)) ?? (await downloadNamedAttachment(deps, user, name));
}

/**
 * GET /uploads/events/{storedName}: the one-segment path the original client opens a
 * proposal's file at (ListeDevoirs.vue: `${baseServerUrl}/uploads/events/${att.filename}`),
 * with the same session guard and download headers as the tasks' /uploads/events/{task}/{name}.
 */
export const proposalUploadsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/uploads", name: "proposal-uploads", seed: deps.instanceId })
    .use(authPlugin(deps))
    .get("/events/:taskId", ({ user, params }) => downloadNamed(deps, user, params.taskId), { media: true, params: Params });

import { Elysia, t } from "elysia";
import { PERSONAL_MESSAGES as M } from "@planify/common/constants/personal-tasks";
import {
  PersonalTaskBody,
  PersonalTaskDeletedResponse,
  PersonalTaskEditBody,
  PersonalTaskSavedResponse,
} from "@planify/common/schemas/personal-tasks";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { createPersonalTask, deletePersonalTask, updatePersonalTask } from "./service";

const IdParams = t.Object({ id: t.String({ maxLength: 100 }) });

/**
 * /personal-tasks: a signed-in user's own tasks (every role: each sees only their own).
 * They are listed, read, checked and archived through the /events routes like any task.
 */
export const personalTasksRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/personal-tasks" })
    .use(authPlugin(deps))
    .post(
      "/",
      async ({ user, body, set }) => {
        const event = await createPersonalTask(deps, user, body);
        set.status = 201;
        return { success: true as const, message: M.created, event };
      },
      {
        auth: true,
        body: PersonalTaskBody,
        response: replies({ 201: PersonalTaskSavedResponse }),
        detail: { summary: "Ajoute une tâche perso (visible de son auteur seul, sans pièces)" },
      },
    )
    .put(
      "/:id",
      async ({ user, params, body }) => ({
        success: true as const,
        message: M.updated,
        event: await updatePersonalTask(deps, user, params.id, body),
      }),
      {
        auth: true,
        params: IdParams,
        body: PersonalTaskEditBody,
        response: replies({ 200: PersonalTaskSavedResponse }),
        detail: { summary: "Modifie une de ses tâches perso" },
      },
    )
    .delete(
      "/:id",
      async ({ user, params }) => {
        await deletePersonalTask(deps, user, params.id);
        return { success: true as const, message: M.deleted };
      },
      {
        auth: true,
        params: IdParams,
        response: replies({ 200: PersonalTaskDeletedResponse }),
        detail: { summary: "Supprime une de ses tâches perso" },
      },
    );

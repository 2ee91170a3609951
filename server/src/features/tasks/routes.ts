import { Elysia, t } from "elysia";
import { TASK_AUTHOR_ROLES } from "@planify/common/constants/roles";
import { TASK_MESSAGES as M } from "@planify/common/constants/tasks";
import {
  HardDeleteBody,
  SetGroupsBody,
  TaskBody,
  TaskEditBody,
  TaskCreatedResponse,
  TaskDeletedResponse,
  TaskListQuery,
  TaskListResponse,
  TaskResponse,
  TaskStateResponse,
  TaskUpdatedResponse,
} from "@planify/common/schemas/tasks";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/types";
import { authPlugin } from "../../plugins/auth";
import { fileRoutes } from "./file-routes";
import { createTask, hardDeleteTask, hideTask, setTaskGroups, updateOwnTask, updateTask } from "./service";
import { applyStateAction, type StateAction } from "./state";
import { assertNotArchived, listCreatedTasks, loadVisibleTask, presentTask } from "./visibility";
import { listAnswer, listEtag } from "./list-window";
import { legacyTransform } from "./legacy-bodies";
import { cachedJsonResponse, etagMatches } from "../../lib/http-cache";
import { journalTask } from "./journal";
import { personalSource } from "./personal-source";
import { withIdempotency } from "../../lib/idempotency";

const IdParams = t.Object({ id: t.String({ maxLength: 100 }) });
const LIST = replies({ 200: TaskListResponse });
const UPDATED = replies({ 200: TaskUpdatedResponse });
const DELETED = replies({ 200: TaskDeletedResponse });
/** A fresh options object per route: Elysia writes the compiled guard into it (see profiles/routes.ts). */
const state = () => ({ auth: true, params: IdParams, response: replies({ 200: TaskStateResponse }) }) as const;

/**
 * POST /events/{id}/check|uncheck|archive|unarchive: the caller's own state. Each sets a state
 * (a repeated check changes nothing); with an Idempotency-Key a replay (the offline queue of the
 * web app) also cannot undo a later change: it gets the first answer's count back.
 */
const stateAction =
  (deps: AppDeps, action: StateAction) =>
  async ({ user, params, headers }: { user: UserRow; params: { id: string }; headers: Record<string, string | undefined> }) => {
    // The caller's own personal task answers like any task, without ever counting a completion
    // (a replayed set-state changes nothing there either).
    const own = await personalSource(deps).findOwn(deps, user, params.id);
    if (own) return { success: true as const, ...(await personalSource(deps).applyState(deps, user, own, action)) };
    const { task } = await loadVisibleTask(deps, user, params.id);
    assertNotArchived(task);
    const { completedTasks } = await withIdempotency(
      deps,
      { userId: user.id, route: `task-${action}:${task.id}`, key: headers["idempotency-key"] },
      (tx) => applyStateAction(deps, user, task, action, tx),
    );
    return { success: true as const, event: await presentTask(deps, user, task.id), completedTasks };
  };

/**
 * Hard delete, also reachable as POST /events-groups/{id}/hard-delete (admin dashboard alias).
 * A body's `groups` removes the task for those groups only (the confirmation's group choice).
 */
const hardDelete =
  (deps: AppDeps) =>
  async ({ user, params, body }: { user: UserRow; params: { id: string }; body?: HardDeleteBody | null }) => {
    const done = await hardDeleteTask(deps, user, params.id, body?.groups);
    if (done.kept.length) {
      await journalTask(deps, user, "task.groups", `Tâche « ${done.title} » retirée pour ${done.removed.join(", ")}`, params.id, {
        removed: done.removed,
        kept: done.kept,
      });
      return { success: true as const, message: `Tâche retirée pour ${done.removed.join(", ")}.` };
    }
    await journalTask(deps, user, "task.hard-delete", `Tâche « ${done.title} » supprimée définitivement`, params.id);
    return { success: true as const, message: M.hardDeleted };
  };

/** Tasks: list, create, edit, hide, hard delete, groups and per-user state. */
export const tasksRoutes = (deps: AppDeps) => {
  const events = new Elysia({ prefix: "/events" })
    .use(authPlugin(deps))
    .get(
      "/",
      async ({ user, query, request }) => {
        // Revalidated on each use: an unchanged list costs a 304 without building the answer.
        // The answer's shape is TaskListResponse by its type (LIST below documents it); it is
        // sent as remembered bytes, so Elysia's per-request serialisation is skipped.
        const etag = await listEtag(deps, user, query);
        const answer = etagMatches(request.headers.get("if-none-match"), etag) ? null : await listAnswer(deps, user, query, etag);
        return cachedJsonResponse(request, () => answer!, etag);
      },
      { auth: true, query: TaskListQuery, response: LIST },
    )
    .get("/mine", async ({ user }) => ({ success: true as const, events: await listCreatedTasks(deps, user) }), {
      auth: TASK_AUTHOR_ROLES,
      response: LIST,
    })
    .post(
      "/",
      async ({ user, body, set }) => {
        const event = await presentTask(deps, user, await createTask(deps, user, body));
        await journalTask(
          deps,
          user,
          "task.create",
          `Tâche « ${event.titre} » créée (${event.matiere}, ${event.year || "toutes années"}, ${event.groupes.join(", ")})`,
          event.id,
        );
        set.status = 201;
        return { success: true as const, message: M.created, _id: event._id, id: event.id, event };
      },
      { auth: TASK_AUTHOR_ROLES, body: TaskBody, response: replies({ 201: TaskCreatedResponse }), transform: legacyTransform },
    )
    .get(
      "/:id",
      async ({ user, params }) => {
        const own = await personalSource(deps).findOwn(deps, user, params.id);
        if (own) return { success: true as const, event: personalSource(deps).present(own, user, deps.now()) };
        await loadVisibleTask(deps, user, params.id);
        return { success: true as const, event: await presentTask(deps, user, params.id) };
      },
      { auth: true, params: IdParams, response: replies({ 200: TaskResponse }) },
    )
    .put(
      "/:id",
      async ({ user, params, body }) => {
        const before = await updateTask(deps, user, params.id, body);
        const event = await presentTask(deps, user, params.id);
        await journalTask(deps, user, "task.update", `Tâche « ${event.titre} » modifiée`, params.id, {
          fields: Object.keys(body),
          before: { titre: before.titre, date: before.date, heure: before.heure },
        });
        return { success: true as const, message: M.updated, event };
      },
      { auth: ["prof", "admin"], params: IdParams, body: TaskEditBody, response: UPDATED, transform: legacyTransform },
    )
    .post(
      "/:id/update-self",
      async ({ user, params, body }) => {
        const before = await updateOwnTask(deps, user, params.id, body);
        const event = await presentTask(deps, user, params.id);
        await journalTask(deps, user, "task.update", `Tâche « ${event.titre} » modifiée`, params.id, {
          fields: Object.keys(body),
          before: { titre: before.titre, date: before.date, heure: before.heure },
        });
        return { success: true as const, message: M.updated, event };
      },
      { auth: TASK_AUTHOR_ROLES, params: IdParams, body: TaskEditBody, response: UPDATED, transform: legacyTransform },
    )
    .delete(
      "/:id",
      async ({ user, params }) => {
        // Removing a personal task from one's list deletes it: its owner is its only reader.
        if (await personalSource(deps).findOwn(deps, user, params.id)) await personalSource(deps).remove(deps, user, params.id);
        else await hideTask(deps, user, params.id);
        return { success: true as const, message: M.hidden };
      },
      { auth: true, params: IdParams, response: DELETED },
    )
    .post("/:id/hard-delete", hardDelete(deps), {
      auth: TASK_AUTHOR_ROLES,
      params: IdParams,
      body: t.Optional(HardDeleteBody),
      response: DELETED,
    })
    .delete("/:id/hard", ({ user, params }) => hardDelete(deps)({ user, params }), {
      auth: TASK_AUTHOR_ROLES,
      params: IdParams,
      response: DELETED,
    })
    .post(
      "/:id/set-groups",
      async ({ user, params, body }) => {
        await setTaskGroups(deps, user, params.id, body.groups);
        const event = await presentTask(deps, user, params.id);
        await journalTask(deps, user, "task.groups", `Groupes de la tâche « ${event.titre} » : ${event.groupes.join(", ")}`, params.id, {
          groups: event.groupes,
        });
        return { success: true as const, message: M.groupsUpdated, event };
      },
      { auth: TASK_AUTHOR_ROLES, params: IdParams, body: SetGroupsBody, response: UPDATED, transform: legacyTransform },
    )
    .post("/:id/check", stateAction(deps, "check"), state())
    .post("/:id/uncheck", stateAction(deps, "uncheck"), state())
    .post("/:id/archive", stateAction(deps, "archive"), state())
    .post("/:id/unarchive", stateAction(deps, "unarchive"), state())
    .use(fileRoutes(deps));
  const alias = new Elysia({ prefix: "/events-groups" }).use(authPlugin(deps)).post("/:id/hard-delete", hardDelete(deps), {
    auth: TASK_AUTHOR_ROLES,
    params: IdParams,
    body: t.Optional(HardDeleteBody),
    response: DELETED,
  });
  return new Elysia({ name: "tasks", seed: deps.instanceId }).use(events).use(alias);
};

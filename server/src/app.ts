import { Elysia } from "elysia";
import type { AppDeps } from "./deps";
import { contextPlugin } from "./plugins/context";
import { errorsPlugin } from "./plugins/errors";
import { legacyBodiesPlugin } from "./plugins/legacy-bodies";
import { bodyPlugin } from "./plugins/body";
import { compressionPlugin } from "./plugins/compression";
import { staticPlugin, type WebAssets } from "./plugins/static";
import { healthRoutes } from "./features/health/routes";
import { authRoutes } from "./features/auth/routes";
import { usersRoutes } from "./features/users/routes";
import { profilesRoutes } from "./features/profiles/routes";
import { popupsRoutes } from "./features/popups/routes";
import { patchNotesRoutes } from "./features/patch-notes/routes";
import { contactRoutes } from "./features/contact/routes";
import { tasksRoutes } from "./features/tasks/routes";
import { personalTasksRoutes } from "./features/personal-tasks/routes";
import { subjectsRoutes } from "./features/subjects/routes";
import { coinsRoutes } from "./features/coins/routes";
import { itemsRoutes } from "./features/items/routes";
import { itemCreatorRoutes } from "./features/item-creator/routes";
import { codesRoutes } from "./features/codes/routes";
import { giftsRoutes } from "./features/gifts/routes";
import { factionsRoutes } from "./features/factions/routes";
import { usersAdminRoutes, usersManageRoutes } from "./features/users-admin/routes";
import { journalRoutes } from "./features/journal/routes";
import { sessionCookieRoutes } from "./features/auth/session-cookie";
import { uploadsRoutes } from "./features/tasks/uploads-routes";
import { openapiRoutes } from "./features/openapi/routes";
import { desktopRoutes } from "./features/desktop/routes";
import { calendarRoutes } from "./features/calendar/routes";
import { schoolTimetableRoutes } from "./features/school-timetable/routes";
import { reminderRoutes } from "./features/reminders/routes";
import { registerGuards } from "./plugins/auth";
import { storageRoutes } from "./features/storage/routes";

/** Builds the whole HTTP app (API under /api, then the web app). Never listens. */
export function createApp(deps: AppDeps, webAssets: WebAssets = {}) {
  // The OpenAPI routes read the finished app's route list on first request.
  const listed: { routes: () => unknown } = { routes: () => [] };
  const api = new Elysia({ prefix: "/api" })
    .use(healthRoutes(deps))
    .use(authRoutes(deps))
    .use(usersRoutes(deps))
    .use(profilesRoutes(deps))
    .use(popupsRoutes(deps))
    .use(patchNotesRoutes(deps))
    .use(contactRoutes(deps))
    .use(tasksRoutes(deps))
    .use(personalTasksRoutes(deps))
    .use(subjectsRoutes(deps))
    .use(coinsRoutes(deps))
    .use(itemsRoutes(deps))
    .use(itemCreatorRoutes(deps))
    .use(codesRoutes(deps))
    .use(giftsRoutes(deps))
    .use(usersAdminRoutes(deps))
    .use(usersManageRoutes(deps))
    .use(journalRoutes(deps))
    .use(factionsRoutes(deps))
    .use(sessionCookieRoutes(deps))
    .use(calendarRoutes(deps))
    .use(schoolTimetableRoutes(deps))
    .use(reminderRoutes(deps))
    .use(storageRoutes(deps))
    .use(openapiRoutes(deps, () => listed.routes()));
  const app = new Elysia()
    .use(contextPlugin(deps))
    .use(bodyPlugin(deps))
    .use(errorsPlugin(deps))
    .use(legacyBodiesPlugin())
    .use(compressionPlugin())
    .use(api)
    .use(uploadsRoutes(deps))
    .use(desktopRoutes(deps.desktopDir ?? null))
    .use(staticPlugin(webAssets));
  listed.routes = () => app.routes;
  registerGuards(app.routes);
  return app;
}

export type App = ReturnType<typeof createApp>;

import { type AnyElysia, Elysia } from "elysia";
import type { AppDeps } from "./deps";
import { contextPlugin } from "./plugins/context";
import { errorsPlugin } from "./plugins/errors";
import { bodyPlugin } from "./plugins/body";
import { compressionPlugin } from "./plugins/compression";
import { staticPlugin, type WebAssets } from "./plugins/static";
import { healthRoutes } from "./features/health";
import { myDataRoutes } from "./features/my-data";
import { authRoutes, endCookieSession, findUserByUsername, hashPassword, sessionAnswer, sessionCookieRoutes } from "./features/auth";
import { ssoAdminRoutes, ssoRoutes } from "./features/sso";
import { insertAccount, usersRoutes } from "./features/users";
import { profilesRoutes } from "./features/profiles";
import { popupsRoutes } from "./features/popups";
import { patchNotesRoutes } from "./features/patch-notes";
import { contactRoutes } from "./features/contact";
import { hasHomeworkToDo, taskVisibleTo, tasksRoutes, uploadsRoutes } from "./features/tasks";
import { handInsRoutes } from "./features/hand-ins";
import { muteRoutes, proposalsRoutes, proposalUploadsRoutes, proposerRoutes } from "./features/proposals";
import { personalTaskSource, personalTasksRoutes } from "./features/personal-tasks";
import { subjectsRoutes } from "./features/subjects";
import { coinsRoutes } from "./features/coins";
import { questRewardRoutes, questsRoutes } from "./features/quests";
import { itemsRoutes } from "./features/items";
import { itemCreatorRoutes } from "./features/item-creator";
import { codesRoutes } from "./features/codes";
import { giftsRoutes } from "./features/gifts";
import { factionsRoutes } from "./features/factions";
import { usersAdminRoutes, usersManageRoutes } from "./features/users-admin";
import { journalRoutes } from "./features/journal";
import { openapiRoutes } from "./features/openapi";
import { desktopRoutes } from "./features/desktop";
import { calendarRoutes } from "./features/calendar";
import { schoolTimetableRoutes } from "./features/school-timetable";
import { reminderRoutes } from "./features/reminders";
import { holidaysRoutes } from "./features/holidays";
import { registerGuards } from "./plugins/auth";
import { storageRoutes } from "./features/storage";
import { schoolSettingsRoutes } from "./features/school-settings";
import { privacyRoutes } from "./features/privacy";
import { rolloverRoutes } from "./features/rollover";
import { liveRoutes } from "./features/live";

/** Builds the whole HTTP app (API under /api, then the web app). Never listens. */
// Typed as AnyElysia: the chained route types of every feature are too deep for the checker
// to spell out as a return type (TS2589), and no caller reads them.
export function createApp(deps: AppDeps, webAssets: WebAssets = {}): AnyElysia {
  // tasks owns the interface, personal-tasks implements it: wired here so neither imports the other's internals.
  deps.personalTasks ??= personalTaskSource;
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
    .use(proposalsRoutes(deps))
    .use(proposerRoutes(deps))
    .use(muteRoutes(deps))
    .use(handInsRoutes(deps))
    .use(personalTasksRoutes(deps))
    .use(subjectsRoutes(deps))
    .use(coinsRoutes(deps))
    // quests owns the QuestTasks interface, tasks implements it: tasks calls quests' hooks, never the reverse.
    .use(questsRoutes(deps, { hasTodo: hasHomeworkToDo, canSee: taskVisibleTo }))
    .use(questRewardRoutes(deps))
    .use(itemsRoutes(deps))
    .use(itemCreatorRoutes(deps))
    .use(codesRoutes(deps))
    .use(giftsRoutes(deps))
    .use(usersAdminRoutes(deps))
    .use(usersManageRoutes(deps))
    .use(journalRoutes(deps))
    .use(factionsRoutes(deps))
    // Signing out and « Mes appareils » end sessions: one group (also keeps App's type shallow enough for tsc).
    .use(new Elysia({ name: "sessions", seed: deps.instanceId }).use(sessionCookieRoutes(deps)).use(myDataRoutes(deps)))
    // sso owns the SsoAccounts interface, auth and users implement it: sso imports no other feature.
    .use(ssoRoutes(deps, { findUserByUsername, sessionAnswer, endCookieSession, hashPassword, insertAccount }))
    .use(ssoAdminRoutes(deps))
    .use(calendarRoutes(deps))
    .use(schoolTimetableRoutes(deps))
    .use(reminderRoutes(deps))
    .use(holidaysRoutes(deps))
    .use(storageRoutes(deps))
    .use(schoolSettingsRoutes(deps))
    .use(privacyRoutes(deps))
    .use(rolloverRoutes(deps))
    .use(liveRoutes(deps))
    .use(openapiRoutes(deps, () => listed.routes()));
  const app = new Elysia()
    .use(contextPlugin(deps))
    .use(bodyPlugin(deps))
    .use(errorsPlugin(deps))
    .use(compressionPlugin())
    .use(api)
    .use(uploadsRoutes(deps))
    .use(proposalUploadsRoutes(deps))
    .use(desktopRoutes(deps.desktopDir ?? null))
    .use(staticPlugin(webAssets));
  listed.routes = () => app.routes;
  registerGuards(app.routes);
  return app;
}

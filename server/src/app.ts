import { Elysia } from "elysia";
import type { AppDeps } from "./deps";
import { contextPlugin } from "./plugins/context";
import { errorsPlugin } from "./plugins/errors";
import { staticPlugin, type WebAssets } from "./plugins/static";
import { healthRoutes } from "./features/health/routes";
import { authRoutes } from "./features/auth/routes";
import { usersRoutes } from "./features/users/routes";
import { popupsRoutes } from "./features/popups/routes";
import { contactRoutes } from "./features/contact/routes";

/** Builds the whole HTTP app (API under /api, then the web app). Never listens. */
export function createApp(deps: AppDeps, webAssets: WebAssets = {}) {
  const api = new Elysia({ prefix: "/api" })
    .use(healthRoutes(deps))
    .use(authRoutes(deps))
    .use(usersRoutes(deps))
    .use(popupsRoutes(deps))
    .use(contactRoutes(deps));
  return new Elysia()
    .use(contextPlugin(deps))
    .use(errorsPlugin(deps))
    .use(api)
    .use(staticPlugin(webAssets));
}

export type App = ReturnType<typeof createApp>;

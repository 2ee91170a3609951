import { Elysia, t } from "elysia";
import { CALENDAR_MESSAGES } from "@planify/common/constants/calendar";
import { CalendarFeedRegeneratedResponse, CalendarFeedResponse, CalendarFile } from "@planify/common/schemas/calendar";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { feedAddress, feedBody, regenerateFeed } from "./service";

const originOf = (request: Request) => new URL(request.url).origin;
/** `<secret>.ics`: the secret is checked by the service; anything longer is junk. */
const FeedParams = t.Object({ file: t.String({ maxLength: 80, pattern: "\\.ics$" }) });

/** /calendar: the caller's secret iCalendar address, its regeneration, and the feed itself. */
export const calendarRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/calendar" })
    .use(authPlugin(deps))
    .get("/me", async ({ user, request }) => ({ success: true as const, ...(await feedAddress(deps, user, originOf(request))) }), {
      auth: true,
      response: replies({ 200: CalendarFeedResponse }),
      detail: { summary: "Adresse secrète du calendrier personnel (créée à la première lecture)" },
    })
    .post(
      "/me/regenerate",
      async ({ user, request }) => ({
        success: true as const,
        message: CALENDAR_MESSAGES.regenerated,
        ...(await regenerateFeed(deps, user, originOf(request))),
      }),
      {
        auth: true,
        response: replies({ 200: CalendarFeedRegeneratedResponse }),
        detail: { summary: "Nouvelle adresse du calendrier ; l'ancienne cesse de fonctionner" },
      },
    )
    .get(
      "/:file",
      async ({ params, request }) =>
        new Response(await feedBody(deps, params.file.slice(0, -".ics".length), originOf(request)), {
          headers: {
            "content-type": "text/calendar; charset=utf-8",
            "content-disposition": 'inline; filename="planify.ics"',
            "cache-control": "private, no-store",
          },
        }),
      {
        params: FeedParams,
        response: replies({ 200: CalendarFile }),
        detail: { summary: "Flux iCalendar (RFC 5545) des tâches visibles, sans session : l'adresse secrète suffit" },
      },
    );

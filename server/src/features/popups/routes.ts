import { Elysia, t } from "elysia";
import { SendPopupBody } from "@planify/common/schemas/popups";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { ackPopup, popupForUser, sendPopup } from "./service";

/** Announcement pop-ups (spec 1 §4, server rules §6). */
export const popupsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/popups" })
    .use(authPlugin(deps))
    .get(
      "/for-me",
      ({ user, set }) => {
        const popup = popupForUser(deps, user.id, user.createdAt);
        if (!popup) {
          set.status = 204;
          return null;
        }
        return popup;
      },
      { auth: true },
    )
    .post(
      "/ack/:id",
      ({ user, params }) => {
        ackPopup(deps, user.id, params.id);
        return { success: true };
      },
      { auth: true, params: t.Object({ id: t.String({ maxLength: 100 }) }) },
    )
    .post(
      "/send",
      ({ user, body, set }) => {
        const popup = sendPopup(deps, body, user.id);
        set.status = 201;
        return { success: true, message: "Pop-up envoyé.", popup };
      },
      { auth: ["admin"], body: SendPopupBody },
    );

import { Elysia, t } from "elysia";
import { PopupForMe, PopupSentResponse, SendPopupBody } from "@planify/common/schemas/popups";
import { OkOnly } from "@planify/common/schemas/shared";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { ackPopup, popupForUser, sendPopup } from "./service";
import { journalWrite } from "../../lib/journal";
import { users } from "../../db/schema";
import { eq } from "drizzle-orm";
import { first } from "../../db/engine";

const recipientName = async (deps: AppDeps, id: string) =>
  (await first(deps.db.select({ u: users.username }).from(users).where(eq(users.id, id))))?.u ?? id;

/** Announcement pop-ups. */
export const popupsRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/popups" })
    .use(authPlugin(deps))
    .get(
      "/for-me",
      async ({ user, set }) => {
        const popup = await popupForUser(deps, user.id, user.createdAt);
        if (!popup) {
          set.status = 204;
          return null;
        }
        return popup;
      },
      { auth: true, response: replies({ 200: PopupForMe, 204: t.Null() }) },
    )
    .post(
      "/ack/:id",
      async ({ user, params }) => {
        await ackPopup(deps, user.id, params.id);
        return { success: true as const };
      },
      { auth: true, params: t.Object({ id: t.String({ maxLength: 100 }) }), response: replies({ 200: OkOnly }) },
    )
    .post(
      "/send",
      async ({ user, body, set }) => {
        const popup = await sendPopup(deps, body, user.id);
        const target = body.target === "user" && body.userId ? { id: body.userId, username: await recipientName(deps, body.userId) } : null;
        await journalWrite(deps, user, "popup.send", target ? `Pop-up envoyé à ${target.username}` : "Pop-up envoyé à tous", {
          target,
          details: { id: popup.id, length: popup.html.length },
        });
        set.status = 201;
        return { success: true as const, message: "Pop-up envoyé.", popup };
      },
      { auth: ["admin"], body: SendPopupBody, response: replies({ 201: PopupSentResponse }) },
    );

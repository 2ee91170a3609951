import { Elysia } from "elysia";
import { CONTACT_SUCCESS_MESSAGE, ContactBody, ContactMessagesResponse, ContactSentResponse } from "@planify/common/schemas/contact";
import { replies } from "../../lib/responses";
import type { AppDeps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { clientIp } from "../../plugins/context";
import { listContactMessages, submitContact } from "./service";

/** The contact form. */
export const contactRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/contact" })
    .use(authPlugin(deps))
    .post(
      "/",
      async ({ body, request, server }) => {
        await submitContact(deps, body, clientIp(deps, request, server));
        return { success: true as const, message: CONTACT_SUCCESS_MESSAGE };
      },
      { body: ContactBody, response: replies({ 200: ContactSentResponse }) },
    )
    .get("/messages", async () => ({ success: true as const, messages: await listContactMessages(deps) }), {
      auth: ["admin"],
      response: replies({ 200: ContactMessagesResponse }),
    });

import { Elysia } from "elysia";
import { REMINDER_MESSAGES as M, REMINDER_ROLES } from "@planify/common/constants/reminders";
import {
  EmailConfirmBody,
  ReminderAckBody,
  ReminderDeviceParams,
  ReminderPendingQuery,
  ReminderPendingResponse,
  ReminderSettings,
  ReminderSettingsResponse,
  ReminderSubscribeBody,
  ReminderSubscribeResponse,
  ReminderTestResponse,
  VapidKeyResponse,
} from "@planify/common/schemas/reminders";
import { ReminderHolidaysBody, ReminderPauseBody, ReminderPauseResponse } from "@planify/common/schemas/holidays";
import { OkMessage, OkOnly } from "@planify/common/schemas/shared";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/errors";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { acknowledge, pendingFor, sendTest } from "./desk";
import { confirmToken, resendLink } from "./email-confirmation";
import { pauseUntil, resumeNow, setHolidayPause } from "./pause";
import { addDevice, removeDevice, saveSettings, settingsView } from "./settings";

/** Reminders are for students and delegates; others are told why. */
const STUDENTS = { roles: REMINDER_ROLES, refusal: M.forbidden };

/** /reminders: a student's reminder preferences, devices, test message and desktop inbox. */
export const reminderRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/reminders" })
    .use(authPlugin(deps))
    .get("/settings", ({ user }) => settingsView(deps, user.id), {
      auth: STUDENTS,
      response: replies({ 200: ReminderSettingsResponse }),
      detail: { summary: "Préférences de rappel et appareils activés (étudiants)" },
    })
    .put("/settings", ({ user, body }) => saveSettings(deps, user.id, body), {
      auth: STUDENTS,
      body: ReminderSettings,
      response: replies({ 200: ReminderSettingsResponse }),
      detail: {
        summary: "Enregistre les préférences de rappel (heures de Paris) ; une nouvelle adresse e-mail reçoit un lien de confirmation",
      },
    })
    .post("/email/resend", async ({ user }) => ({ success: true as const, message: await resendLink(deps, user.id) }), {
      auth: STUDENTS,
      response: replies({ 200: OkMessage }),
      detail: { summary: "Renvoie le lien de confirmation de l'adresse e-mail (au plus 1 par minute et 5 par jour)" },
    })
    .post(
      "/email/confirm",
      async ({ body }) => {
        await confirmToken(deps, body.token);
        return { success: true as const, message: M.emailConfirmed };
      },
      {
        body: EmailConfirmBody,
        response: replies({ 200: OkMessage }),
        detail: { summary: "Confirme une adresse e-mail de rappel avec le jeton du lien reçu (sans session : le lien suffit)" },
      },
    )
    .get(
      "/vapid-public-key",
      () => {
        if (!deps.vapid) throw notFound("Les notifications push ne sont pas disponibles sur ce serveur.");
        return { success: true as const, publicKey: deps.vapid.publicKey };
      },
      {
        auth: STUDENTS,
        response: replies({ 200: VapidKeyResponse }),
        detail: { summary: "Clé publique VAPID du serveur, pour s'abonner aux notifications push" },
      },
    )
    .post(
      "/subscriptions",
      async ({ user, body, set }) => {
        set.status = 201;
        return { success: true as const, message: M.deviceAdded, device: await addDevice(deps, user.id, body) };
      },
      {
        auth: STUDENTS,
        body: ReminderSubscribeBody,
        response: replies({ 201: ReminderSubscribeResponse }),
        detail: { summary: "Active les rappels sur cet appareil (abonnement push ou fenêtre Planify Desktop)" },
      },
    )
    .delete(
      "/subscriptions/:id",
      async ({ user, params }) => {
        await removeDevice(deps, user.id, params.id);
        return { success: true as const, message: M.deviceRemoved };
      },
      {
        auth: STUDENTS,
        params: ReminderDeviceParams,
        response: replies({ 200: OkMessage }),
        detail: { summary: "Désactive les rappels sur un de ses appareils" },
      },
    )
    .put("/pause", ({ user, body }) => pauseUntil(deps, user.id, body.until), {
      auth: STUDENTS,
      body: ReminderPauseBody,
      response: replies({ 200: ReminderPauseResponse }),
      detail: {
        summary:
          "« Mode vacances » : aucun rappel jusqu'à cette date incluse (après aujourd'hui, un an au plus) ; ce qui tombe pendant la pause n'est pas envoyé ensuite",
      },
    })
    .delete("/pause", ({ user }) => resumeNow(deps, user.id), {
      auth: STUDENTS,
      response: replies({ 200: ReminderPauseResponse }),
      detail: { summary: "« Reprendre maintenant » : met fin au mode vacances" },
    })
    .put("/holidays", ({ user, body }) => setHolidayPause(deps, user.id, body.pauseInHolidays), {
      auth: STUDENTS,
      body: ReminderHolidaysBody,
      response: replies({ 200: ReminderPauseResponse }),
      detail: { summary: "Rappels pendant les vacances scolaires : en pause (par défaut) ou gardés" },
    })
    .post("/test", ({ user }) => sendTest(deps, user.id), {
      auth: STUDENTS,
      response: replies({ 200: ReminderTestResponse }),
      detail: { summary: "Envoie un essai à chaque appareil activé (au plus toutes les 20 secondes)" },
    })
    .get(
      "/pending",
      async ({ user, query }) => ({ success: true as const, notifications: await pendingFor(deps, user.id, query.device) }),
      {
        auth: STUDENTS,
        query: ReminderPendingQuery,
        response: replies({ 200: ReminderPendingResponse }),
        detail: { summary: "Rappels à afficher par une fenêtre Planify Desktop" },
      },
    )
    .post(
      "/pending/ack",
      async ({ user, body }) => {
        await acknowledge(deps, user.id, body.device, body.ids);
        return { success: true as const };
      },
      {
        auth: STUDENTS,
        body: ReminderAckBody,
        response: replies({ 200: OkOnly }),
        detail: { summary: "Indique les rappels affichés par la fenêtre Planify Desktop" },
      },
    );

import { Elysia } from "elysia";
import { HOLIDAY_MESSAGES as M } from "@planify/common/constants/holidays";
import {
  HolidayBody,
  HolidayImportBody,
  HolidayImportResponse,
  HolidayParams,
  HolidaysResponse,
  HolidayWriteResponse,
} from "@planify/common/schemas/holidays";
import { OkMessage } from "@planify/common/schemas/shared";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { createHoliday, deleteHoliday, importHolidays, listHolidays, updateHoliday } from "./service";

/** /holidays: the school's holiday periods, read by every signed-in user, kept by admins. */
export const holidaysRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/holidays" })
    .use(authPlugin(deps))
    .get("/", async () => ({ success: true as const, holidays: await listHolidays(deps) }), {
      auth: true,
      response: replies({ 200: HolidaysResponse }),
      detail: { summary: "Vacances scolaires de l'établissement (premier et dernier jour inclus, dates de Paris)" },
    })
    .post(
      "/",
      async ({ user, body, set }) => {
        set.status = 201;
        return { success: true as const, message: M.created, holiday: await createHoliday(deps, user, body) };
      },
      {
        auth: ["admin"],
        body: HolidayBody,
        response: replies({ 201: HolidayWriteResponse }),
        detail: { summary: "Admin. Ajoute une période de vacances" },
      },
    )
    .put(
      "/:id",
      async ({ user, params, body }) => ({
        success: true as const,
        message: M.updated,
        holiday: await updateHoliday(deps, user, params.id, body),
      }),
      {
        auth: ["admin"],
        params: HolidayParams,
        body: HolidayBody,
        response: replies({ 200: HolidayWriteResponse }),
        detail: { summary: "Admin. Modifie une période de vacances (elle devient « manuelle » : un import la garde)" },
      },
    )
    .delete(
      "/:id",
      async ({ user, params }) => {
        await deleteHoliday(deps, user, params.id);
        return { success: true as const, message: M.deleted };
      },
      {
        auth: ["admin"],
        params: HolidayParams,
        response: replies({ 200: OkMessage }),
        detail: { summary: "Admin. Supprime une période de vacances" },
      },
    )
    .post("/import", ({ user, body }) => importHolidays(deps, user, body), {
      auth: ["admin"],
      body: HolidayImportBody,
      response: replies({ 200: HolidayImportResponse }),
      detail: {
        summary: "Admin. Importe le calendrier scolaire d'une zone (.ics)",
        description:
          "`apply: false` : aperçu. `apply: true` : remplace les périodes importées des années choisies (les périodes saisies à la main restent). Un fichier illisible ne change rien.",
      },
    });

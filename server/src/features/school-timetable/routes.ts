import { Elysia } from "elysia";
import { SCHOOL_TIMETABLE_MESSAGES as M } from "@planify/common/constants/school-timetable";
import { OkMessage } from "@planify/common/schemas/shared";
import {
  ClassTimetableBody,
  ClassTimetableQuery,
  ClassTimetablesResponse,
  LessonsQuery,
  LessonsResponse,
  OwnTimetableBody,
  TimetableSourcesResponse,
} from "@planify/common/schemas/school-timetable";
import type { AppDeps } from "../../deps";
import { journalWrite } from "../../lib/journal";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { lessonsFor, listClassSources, removeClassSource, removeOwnSource, saveClassSource, saveOwnSource, sourcesOf } from "./service";

const doc = (summary: string, description: string) => ({ summary, description });

/** /school-timetable: a school's own timetable (iCalendar) shown beside the tasks. */
export const schoolTimetableRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/school-timetable" })
    .use(authPlugin(deps))
    .get("/sources", async ({ user }) => ({ success: true as const, ...(await sourcesOf(deps, user)) }), {
      auth: true,
      response: replies({ 200: TimetableSourcesResponse }),
      detail: doc(
        "Sources de l'emploi du temps",
        "L'adresse personnelle de l'appelant et la présence d'un emploi du temps de classe (dont l'adresse reste cachée).",
      ),
    })
    .put(
      "/mine",
      async ({ user, body }) => {
        await saveOwnSource(deps, user, body.url);
        return { success: true as const, message: M.saved };
      },
      {
        auth: true,
        body: OwnTimetableBody,
        response: replies({ 200: OkMessage }),
        detail: doc(
          "Mon calendrier de cours",
          "Adresse iCalendar publique (http, https ou webcal) lue une fois avant d'être enregistrée ; les réseaux privés sont refusés.",
        ),
      },
    )
    .delete(
      "/mine",
      async ({ user }) => {
        await removeOwnSource(deps, user);
        return { success: true as const, message: M.removed };
      },
      {
        auth: true,
        response: replies({ 200: OkMessage }),
        detail: doc("Retirer mon calendrier de cours", "Sans effet si aucun n'est enregistré."),
      },
    )
    .get("/lessons", async ({ user, query }) => ({ success: true as const, ...(await lessonsFor(deps, user, query)) }), {
      auth: true,
      query: LessonsQuery,
      response: replies({ 200: LessonsResponse }),
      detail: doc(
        "Cours d'une période",
        "Cours de la classe et du calendrier personnel entre deux jours de Paris (6 semaines au plus), en texte brut ; relus au plus une fois par heure.",
      ),
    })
    .get("/classes", async () => ({ success: true as const, classes: await listClassSources(deps) }), {
      auth: ["admin"],
      response: replies({ 200: ClassTimetablesResponse }),
      detail: doc("Emplois du temps des classes", "Admin. Adresses par année et groupe (« Promo » : toute l'année)."),
    })
    .put(
      "/classes",
      async ({ user, body }) => {
        await saveClassSource(deps, body);
        await journalWrite(deps, user, "timetable.class-set", `Emploi du temps ${body.year} ${body.groupe}`, {
          details: { year: body.year, groupe: body.groupe },
        });
        return { success: true as const, classes: await listClassSources(deps) };
      },
      {
        auth: ["admin"],
        body: ClassTimetableBody,
        response: replies({ 200: ClassTimetablesResponse }),
        detail: doc(
          "Définir l'emploi du temps d'une classe",
          "Admin. L'adresse est lue avant d'être enregistrée ; elle peut être sur le réseau de l'établissement.",
        ),
      },
    )
    .delete(
      "/classes",
      async ({ user, query }) => {
        await removeClassSource(deps, query.year, query.groupe);
        await journalWrite(deps, user, "timetable.class-remove", `Emploi du temps ${query.year} ${query.groupe} retiré`, {
          details: { ...query },
        });
        return { success: true as const, message: M.removed };
      },
      {
        auth: ["admin"],
        query: ClassTimetableQuery,
        response: replies({ 200: OkMessage }),
        detail: doc("Retirer l'emploi du temps d'une classe", "Admin."),
      },
    );

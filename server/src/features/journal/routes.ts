import { Elysia } from "elysia";
import { JournalQuery, JournalResponse } from "@planify/common/schemas/admin";
import type { AppDeps } from "../../deps";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { listJournal } from "./service";

/** The journal of admin writes: read-only, admins only. */
export const journalRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/admin-journal" }).use(authPlugin(deps)).get("/", ({ query }) => listJournal(deps, query), {
    auth: ["admin"],
    query: JournalQuery,
    response: replies({ 200: JournalResponse }),
    detail: {
      summary: "Journal des actions admin",
      description:
        "Admin. Du plus récent au plus ancien ; filtres adminId, user (id ou partie du nom), action, from/to (jours de Paris, inclus), curseur before, limit (50 par défaut, 200 au plus). Aucune route ne modifie ni ne supprime une entrée.",
    },
  });

import { Elysia } from "elysia";
import {
  ErasureRequestBody,
  ErasureRequestResponse,
  ErasureStatus,
  PrivacyNoticeResponse,
  RetentionPreviewResponse,
} from "@planify/common/schemas/privacy";
import { FileDownload, OkMessage } from "@planify/common/schemas/shared";
import { parisDate } from "@planify/common/time/paris-time";
import type { AppDeps } from "../../deps";
import { downloadHeaders } from "../../lib/files";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { privacyNotice, processingRecord } from "./notice";
import { cancelErasureRequest, erasureStatus, requestErasure } from "./requests";
import { retentionPreview } from "./retention";

const doc = (summary: string, description: string) => ({ summary, description, tags: ["Données personnelles"] });

/**
 * Personal data (RGPD): the privacy notice built from the school's settings (public), the
 * person's erasure request, the admin's processing record and « Prochaine suppression ».
 */
export const privacyRoutes = (deps: AppDeps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get(
      "/privacy/notice",
      async () => ({ success: true as const, title: "Politique de confidentialité", notice: await privacyNotice(deps) }),
      {
        response: replies({ 200: PrivacyNoticeResponse }),
        detail: doc(
          "Politique de confidentialité",
          "Public. Construite à partir des réglages de l'établissement (responsable, DPO, durées, cookies).",
        ),
      },
    )
    .get("/privacy/me/erasure", ({ user }) => erasureStatus(deps, user), {
      auth: true,
      response: replies({ 200: ErasureStatus }),
      detail: doc("Effacement de mon compte : état", "Connecté. Libre-service ou demande, et la demande en attente."),
    })
    .post("/privacy/me/erasure", ({ user }) => requestErasure(deps, user), {
      auth: true,
      body: ErasureRequestBody,
      response: replies({ 200: ErasureRequestResponse }),
      detail: doc(
        "Supprimer mon compte",
        "Connecté, sauf admin (409). confirmation « SUPPRIMER ». En libre-service le compte est effacé aussitôt ; sinon la demande attend un administrateur.",
      ),
    })
    .delete("/privacy/me/erasure", ({ user }) => cancelErasureRequest(deps, user), {
      auth: true,
      response: replies({ 200: OkMessage }),
      detail: doc("Annuler ma demande d'effacement", "Connecté."),
    })
    .get(
      "/admin/privacy/record",
      async () =>
        new Response(await processingRecord(deps), {
          headers: downloadHeaders(`registre-des-traitements-${parisDate(deps.now())}.md`, "text/markdown; charset=utf-8"),
        }),
      {
        auth: ["admin"],
        response: replies({ 200: FileDownload }),
        detail: doc(
          "Registre des traitements",
          "Admin. Fichier Markdown (article 30 du RGPD) construit à partir des réglages de l'établissement.",
        ),
      },
    )
    .get("/admin/privacy/retention", async () => ({ success: true as const, ...(await retentionPreview(deps)) }), {
      auth: ["admin"],
      response: replies({ 200: RetentionPreviewResponse }),
      detail: doc(
        "Prochaine suppression",
        "Admin. Date de la prochaine suppression automatique des anciens devoirs, avec ce qu'elle supprimera.",
      ),
    });

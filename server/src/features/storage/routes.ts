import { Elysia } from "elysia";
import { AdminStorageResponse } from "@planify/common/schemas/storage";
import type { AppDeps } from "../../deps";
import { diskOf } from "../../lib/disk";
import { replies } from "../../lib/responses";
import { authPlugin } from "../../plugins/auth";
import { uploadsBytes } from "./usage";

/** The admin screen's storage figures: the data folder's disk and what uploads take. */
export const storageRoutes = (deps: AppDeps) =>
  new Elysia({ prefix: "/admin/storage" }).use(authPlugin(deps)).get(
    "/",
    async () => {
      const disk = diskOf(deps);
      const space = disk.space();
      const quota = deps.settings.userQuotaBytes ?? 0;
      return {
        success: true as const,
        freeBytes: space.freeBytes,
        totalBytes: space.totalBytes,
        minFreeBytes: disk.minFreeBytes,
        low: space.low,
        uploadsBytes: await uploadsBytes(deps),
        userQuotaBytes: quota > 0 ? quota : null,
      };
    },
    {
      auth: ["admin"],
      response: replies({ 200: AdminStorageResponse }),
      detail: {
        summary: "Espace disque",
        description:
          "Admin. Espace libre et total du disque du dossier des données (mesuré toutes les 2 s au plus), seuil d'alerte (PLANIFY_DISK_MIN_FREE_MB), place prise par les fichiers déposés, quota par compte (PLANIFY_USER_QUOTA_MB, null : aucun).",
      },
    },
  );

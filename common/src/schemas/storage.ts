import { Type, type Static } from "@sinclair/typebox";
import { Nullable, ok } from "./shared";

const Bytes = Type.Integer({ minimum: 0 });

/** GET /admin/storage (admin): the data folder's disk and what uploads take on it. */
export const AdminStorageResponse = ok({
  /** Free space of the data folder's disk, for the server's user. */
  freeBytes: Bytes,
  totalBytes: Bytes,
  /** PLANIFY_DISK_MIN_FREE_MB in bytes: below it, health answers 503 and this screen warns. */
  minFreeBytes: Bytes,
  low: Type.Boolean(),
  /** Every uploaded file: hand-ins, attachments, avatars, music, item art. */
  uploadsBytes: Bytes,
  /** PLANIFY_USER_QUOTA_MB in bytes; null: no quota. */
  userQuotaBytes: Nullable(Bytes),
});
export type AdminStorageResponse = Static<typeof AdminStorageResponse>;

import { Type, type Static } from "@sinclair/typebox";
import { SELF_ERASURE_CONFIRMATION } from "../constants/privacy";
import { Nullable, ok } from "./shared";

/** GET /privacy/me/erasure: whether the school lets the person erase their account themself, and their pending request. */
export const ErasureStatus = ok({
  selfService: Type.Boolean(),
  /** ISO instant of the pending request; null: none. */
  requestedAt: Nullable(Type.String()),
});
export type ErasureStatus = Static<typeof ErasureStatus>;

/** POST /privacy/me/erasure: the person types SUPPRIMER. */
export const ErasureRequestBody = Type.Object({ confirmation: Type.Literal(SELF_ERASURE_CONFIRMATION) });
export type ErasureRequestBody = Static<typeof ErasureRequestBody>;

export const ErasureRequestResponse = ok({
  message: Type.String(),
  /** true: the account is gone (self-service); false: the request waits for an admin. */
  erased: Type.Boolean(),
  requestedAt: Nullable(Type.String()),
});
export type ErasureRequestResponse = Static<typeof ErasureRequestResponse>;

/** A legal text as data (docs/legal/types.ts): a string is a paragraph, an array a bullet list. */
export const LegalTextSchema = Type.Object({
  subtitle: Type.String(),
  intro: Type.Array(Type.String()),
  sections: Type.Array(Type.Object({ heading: Type.String(), body: Type.Array(Type.Union([Type.String(), Type.Array(Type.String())])) })),
});

/** GET /privacy/notice: the school's privacy notice, built from its settings. */
export const PrivacyNoticeResponse = ok({ title: Type.String(), notice: LegalTextSchema });
export type PrivacyNoticeResponse = Static<typeof PrivacyNoticeResponse>;

/** GET /admin/privacy/retention: « Prochaine suppression ». */
export const RetentionPreviewResponse = ok({
  years: Type.Integer(),
  /** ISO instant of the run that deletes them. */
  at: Type.String(),
  /** Class tasks dated before this Paris date go then. */
  before: Type.String(),
  tasks: Type.Integer(),
  files: Type.Integer(),
  bytes: Type.Integer(),
});
export type RetentionPreviewResponse = Static<typeof RetentionPreviewResponse>;

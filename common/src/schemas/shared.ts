import { Type, type Static, type TObject, type TProperties } from "@sinclair/typebox";

/** `success: true`, carried by every successful JSON answer. */
export const SuccessFlag = Type.Literal(true);

/** A successful answer: `{ success: true, ...fields }`. */
export function ok<T extends TProperties>(fields: T, description?: string): TObject<T & { success: typeof SuccessFlag }> {
  return Type.Object({ success: SuccessFlag, ...fields }, description ? { description } : {});
}

/** `{ success: true, message }`: the answer of actions that only report. */
export const OkMessage = ok({ message: Type.String() });
export type OkMessage = Static<typeof OkMessage>;

/** `{ success: true }`. */
export const OkOnly = ok({});

/** ISO 8601 UTC instant. */
export const IsoDate = Type.String({ description: "ISO 8601 UTC" });
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** Files sent back as downloads (attachments, hand-ins, ZIP). */
export const FileDownload = Type.String({ format: "binary", description: "Fichier (réponse binaire, jamais du JSON)" });

/** Schema key naming the French message answered when a required field is missing. */
export const MISSING_MESSAGE = "x-missing-message";

/**
 * Schema options giving a required field its French message when it is absent (the errors
 * plugin answers it instead of « Données invalides : champ. »; a present but invalid value
 * keeps that generic message).
 */
export const missingMessage = (message: string) => ({ [MISSING_MESSAGE]: message });

/** Machine-readable error codes carried by every error answer. */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "VALIDATION",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "REQUEST_TIMEOUT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error envelope of the API (architecture guide, habit 5). */
export interface ErrorEnvelope {
  success: false;
  message: string;
  code: ErrorCode;
  requestId?: string;
}

/** Default French messages per code, used when a more precise one is not given. */
export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: "Requête invalide.",
  VALIDATION: "Données invalides.",
  UNAUTHORIZED: "Session expirée. Veuillez vous reconnecter.",
  FORBIDDEN: "Accès refusé.",
  NOT_FOUND: "Ressource introuvable.",
  CONFLICT: "Action déjà effectuée.",
  REQUEST_TIMEOUT: "Requête trop lente : délai dépassé.",
  PAYLOAD_TOO_LARGE: "Fichier ou requête trop volumineux.",
  UNSUPPORTED_MEDIA_TYPE: "Type de fichier non autorisé.",
  RATE_LIMITED: "Trop de tentatives. Réessayez plus tard.",
  INTERNAL: "Erreur interne du serveur.",
};

import { Type, type Static } from "@sinclair/typebox";
import { SSO_FAILURES } from "./constants/sso";
import { ENT_ACCOUNT_RECOVERY, PASSWORD_SIGN_IN_NEEDS_ENT, PASSWORD_SIGN_IN_OFF } from "./constants/sign-in";

/**
 * Machine-readable error codes carried by every error answer, with the HTTP status each
 * one answers with. Generic codes first; then codes that say what happened, so that
 * clients branch on the code and never on the French text.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A late task needing a hand-in cannot be cleared before a file is deposited. */
  DEPOSIT_REQUIRED: 400,
  /** The daily wheel spin is already used. */
  ALREADY_SPUN: 409,
  NOT_ENOUGH_COINS: 400,
  /** The item or colour is already in the collection. */
  ALREADY_OWNED: 409,
  /** No purchase of this item to cancel (never bought, or got as a gift, code or wheel win). */
  REFUND_UNAVAILABLE: 409,
  /** The purchase is older than the undo window (PURCHASE_UNDO_MS). */
  REFUND_TOO_LATE: 409,
  /** The bought item is equipped, or the bought colour selected: it is in use. */
  REFUND_IN_USE: 409,
  /** The purchase was already cancelled and refunded. */
  ALREADY_REFUNDED: 409,
  /** An admin gift the user already owns (400, as admin clients count it). */
  GIFT_ALREADY_OWNED: 400,
  /** The item is not in today's shop or has no price. */
  NOT_ON_SALE: 400,
  ITEM_NOT_OWNED: 403,
  COLOR_LOCKED: 403,
  UNKNOWN_ITEM: 400,
  CODE_EMPTY: 400,
  CODE_UNKNOWN: 404,
  CODE_EXPIRED: 400,
  CODE_USED_UP: 409,
  CODE_ALREADY_USED: 409,
  UNKNOWN_FACTION: 400,
  /** Joining the faction one is already in. */
  ALREADY_IN_FACTION: 409,
  /** An imported account must choose its own password before anything else. */
  PASSWORD_CHANGE_REQUIRED: 403,
  /** A graduate's deactivated account may only download its data and sign out. */
  COMPTE_DESACTIVE: 403,
  /** The school year was already closed (rollover run once per year). */
  ROLLOVER_DONE: 409,
  /** The backup the rollover takes first could not be written (full disk, folder): nothing changed. */
  BACKUP_FAILED: 503,
  /** The account already holds the most personal tasks allowed. */
  PERSONAL_LIMIT: 409,
  /** A hand-in already holds the most files allowed (spec: 10 per student submission). */
  SUBMISSION_FILES_MAX: 400,
  /** The account's uploads would pass the storage quota the school set. */
  STORAGE_QUOTA: 413,
  /** The data folder's disk is full (SQLITE_FULL, ENOSPC, EDQUOT): nothing was saved. */
  DISK_FULL: 507,
  /** Too many password checks waiting at once (a login storm): retry after Retry-After. */
  SERVER_BUSY: 503,
  /** PostgreSQL does not answer (restarting, failing over): nothing uncertain was kept; retry shortly. */
  DATABASE_UNAVAILABLE: 503,
  /** This node is stopping (a restart): the live stream reconnects to another one, or to it once back. */
  SERVER_STOPPING: 503,
  /** The school's mail server refused or did not answer; nothing was mailed. */
  MAIL_NOT_SENT: 502,
  /** An ENT sign-in's one-time code is unknown, used or older than 60 s. */
  SSO_CODE_INVALID: 400,
  /** An ENT sign-in's code presented by another browser than the one that started it (login CSRF). */
  SSO_OTHER_BROWSER: 403,
  /** The school keeps password sign-in (and recovery) for admins: the others use the ENT. */
  PASSWORD_SIGN_IN_DISABLED: 403,
  /** The account signs in through the ENT: no password recovery, no secret questions here. */
  ENT_ACCOUNT: 403,
  /** Password sign-in cannot be kept for admins while no ENT provider is enabled. */
  ENT_NOT_CONFIGURED: 409,
  /** The first-sign-in form is only for a student whose profile is still to be chosen. */
  PROFILE_ALREADY_SET: 409,
  /** A provider of the admin screen « Connexion ENT » refused by the checks (the answer names the field). */
  SSO_PROVIDER_INVALID: 400,
  /** The provider id is already used (by the PLANIFY_SSO_CONFIG file or the database). */
  SSO_PROVIDER_ID_TAKEN: 409,
  /** A provider of the PLANIFY_SSO_CONFIG file: only the file changes it. */
  SSO_PROVIDER_FROM_FILE: 409,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The one error envelope of the API, as a schema every route declares for its errors. */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    code: Type.Unsafe<ErrorCode>(Type.Union(ERROR_CODES.map((c) => Type.Literal(c)))),
    requestId: Type.Optional(Type.String()),
    /** Same text as `message`, on the /users-admin routes whose screens read it there. */
    error: Type.Optional(Type.String()),
  },
  { description: "Erreur : message en français et code stable." },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

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
  DEPOSIT_REQUIRED: "Un dépôt est requis avant de retirer cette tâche.",
  ALREADY_SPUN: "Tu as déjà tourné la roue aujourd'hui. Reviens après minuit !",
  NOT_ENOUGH_COINS: "Pas assez de coins.",
  ALREADY_OWNED: "Tu possèdes déjà cet item.",
  REFUND_UNAVAILABLE: "Aucun achat de cet item à annuler.",
  REFUND_TOO_LATE: "Trop tard : un achat ne s'annule que dans les 10 secondes qui suivent.",
  REFUND_IN_USE: "Cet item est équipé : déséquipe-le pour annuler l'achat.",
  ALREADY_REFUNDED: "Cet achat a déjà été annulé.",
  GIFT_ALREADY_OWNED: "L'utilisateur possède déjà cet item.",
  NOT_ON_SALE: "Cet item n'est pas en vente aujourd'hui.",
  ITEM_NOT_OWNED: "Tu ne possèdes pas cet item.",
  COLOR_LOCKED: "Cette couleur n'est pas débloquée.",
  UNKNOWN_ITEM: "Item inconnu.",
  CODE_EMPTY: "Veuillez entrer un code",
  CODE_UNKNOWN: "Code invalide.",
  CODE_EXPIRED: "Ce code a expiré.",
  CODE_USED_UP: "Ce code a atteint son nombre maximal d'utilisations.",
  CODE_ALREADY_USED: "Tu as déjà utilisé ce code.",
  UNKNOWN_FACTION: "Faction inconnue.",
  ALREADY_IN_FACTION: "Tu fais déjà partie de cette faction.",
  PASSWORD_CHANGE_REQUIRED: "Choisissez votre mot de passe pour continuer.",
  COMPTE_DESACTIVE: "Ton compte est désactivé (fin de scolarité) : tu peux seulement télécharger tes données et te déconnecter.",
  ROLLOVER_DONE: "Cette année scolaire a déjà été clôturée.",
  BACKUP_FAILED: "Sauvegarde impossible : rien n'a été modifié.",
  PERSONAL_LIMIT: "Limite de tâches perso atteinte.",
  SUBMISSION_FILES_MAX: "Ce dépôt contient déjà le nombre maximal de fichiers.",
  STORAGE_QUOTA: "Espace de stockage de votre compte épuisé.",
  DISK_FULL: "Espace disque insuffisant sur le serveur : rien n'a été enregistré. Prévenez l'administrateur.",
  SERVER_BUSY: "Trop de connexions en même temps : réessayez dans quelques secondes.",
  DATABASE_UNAVAILABLE: "La base de données ne répond pas, réessayez dans un instant.",
  SERVER_STOPPING: "Le serveur redémarre : reconnexion dans un instant.",
  MAIL_NOT_SENT: "Le mail n'a pas pu partir : le serveur de messagerie ne répond pas. Réessayez plus tard.",
  SSO_CODE_INVALID: "Ce lien de connexion ENT a expiré ou a déjà servi. Reconnecte-toi avec l'ENT.",
  SSO_OTHER_BROWSER: SSO_FAILURES.NAVIGATEUR_DIFFERENT,
  PASSWORD_SIGN_IN_DISABLED: PASSWORD_SIGN_IN_OFF,
  ENT_ACCOUNT: ENT_ACCOUNT_RECOVERY,
  ENT_NOT_CONFIGURED: PASSWORD_SIGN_IN_NEEDS_ENT,
  PROFILE_ALREADY_SET: "Ton année et ton groupe sont déjà enregistrés. Pour les changer, adresse-toi à l'administration.",
  SSO_PROVIDER_INVALID: "Fournisseur ENT invalide.",
  SSO_PROVIDER_ID_TAKEN: "Cet identifiant est déjà utilisé par un autre fournisseur ENT.",
  SSO_PROVIDER_FROM_FILE:
    "Ce fournisseur est configuré par le fichier PLANIFY_SSO_CONFIG : modifiez ce fichier puis redémarrez le serveur.",
};

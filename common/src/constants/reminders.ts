// Reminder preferences: defaults, limits, French messages and the checks shared by the
// server (which refuses) and the web form (which explains before sending).
import { isEmailAddress } from "../format/email";
import { PAGE_PATHS } from "./page-paths";

/** One lead-time setting per task type: the evening before at a chosen hour, and N hours before. */
export interface ReminderLeads {
  eveningBefore: boolean;
  /** "HH:MM", Paris time, on the day before the deadline. */
  eveningTime: string;
  /** 0: off; else hours of real time before the deadline. */
  hoursBefore: number;
}

export interface ReminderPrefs {
  enabled: boolean;
  devoir: ReminderLeads;
  exam: ReminderLeads;
  /** Nothing is sent between these two Paris times; a reminder due then goes out at the end. */
  quietStart: string;
  quietEnd: string;
  /** One message a day at `digestTime` listing what is due by the end of the next day, instead of single pings. */
  digest: boolean;
  digestTime: string;
  /** Only used when the school configured SMTP. */
  email: string | null;
}

/**
 * One reminder per task by default, the evening before at 18:00: never a late-night ping
 * (Moodle's and Classroom's 23:59 lesson), and quiet hours 22:00–07:00.
 */
export const DEFAULT_REMINDER_PREFS: ReminderPrefs = {
  enabled: true,
  devoir: { eveningBefore: true, eveningTime: "18:00", hoursBefore: 0 },
  exam: { eveningBefore: true, eveningTime: "18:00", hoursBefore: 0 },
  quietStart: "22:00",
  quietEnd: "07:00",
  digest: false,
  digestTime: "18:00",
  email: null,
};

export const REMINDER_LIMITS = {
  maxHoursBefore: 72,
  maxDevices: 10,
  emailMaxLength: 254,
  endpointMaxLength: 1000,
  labelMaxLength: 80,
  /** Seconds between two 'Envoyer un essai'. */
  testCooldownSeconds: 20,
  ackMax: 100,
} as const;

/** The e-mail address's confirmation link: how long it works, and how often it may be sent. */
export const EMAIL_CONFIRMATION = {
  tokenHours: 24,
  perMinute: 1,
  perDay: 5,
  /** The web page the link opens (the token follows after '#', so it never reaches a server log). */
  path: PAGE_PATHS.emailConfirmation,
} as const;

/** Roles that get reminders: the students' own homework and exams. */
export const REMINDER_ROLES = ["eleve", "delegue"] as const;

/** Whether reminders are for this role (students and delegates). */
export const isReminderRole = (role: string): boolean => (REMINDER_ROLES as readonly string[]).includes(role);

export const REMINDER_MESSAGES = {
  saved: "Préférences de rappel enregistrées.",
  forbidden: "Les rappels concernent les devoirs et examens des étudiants.",
  badTime: (label: string) => `${label} : indiquez une heure au format HH:MM (par exemple 18:00).`,
  badHours: `Indiquez un nombre entier d'heures entre 0 (désactivé) et ${REMINDER_LIMITS.maxHoursBefore}.`,
  quietSame: "Les heures de silence doivent commencer et finir à des heures différentes.",
  inQuiet: (label: string, time: string) => `${label} (${time}) tombe pendant les heures de silence : choisissez une autre heure.`,
  badEmail: "Adresse e-mail invalide (exemple : prenom.nom@exemple.fr).",
  nothingChosen: "Choisissez au moins un rappel (la veille ou quelques heures avant) pour les devoirs ou les examens.",
  badSubscription: "Abonnement de notification invalide : réactivez les notifications sur cet appareil.",
  badEndpoint: "Adresse de notification refusée : seul un service de notification sécurisé (https) est accepté.",
  tooManyDevices: `Vous avez déjà ${REMINDER_LIMITS.maxDevices} appareils activés : désactivez-en un d'abord.`,
  deviceAdded: "Rappels activés sur cet appareil.",
  deviceRemoved: "Rappels désactivés sur cet appareil.",
  deviceNotFound: "Appareil introuvable : il a peut-être déjà été désactivé.",
  testSent: (n: number) =>
    n === 0
      ? "Aucun appareil activé : activez d'abord les rappels sur cet appareil."
      : `Essai envoyé (${n} destination${n > 1 ? "s" : ""}).`,
  testNotDelivered: "L'essai n'a pas pu être remis : le service de notification ne répond pas. Réessayez plus tard.",
  testTooSoon: "Un essai vient d'être envoyé : attendez quelques secondes.",
  testTitle: "Essai de rappel",
  testBody: "Les rappels Planify arrivent bien ici.",
  emailPending: (email: string) =>
    `Préférences enregistrées. Un lien de confirmation a été envoyé à ${email} : ouvrez-le pour recevoir les rappels par e-mail.`,
  emailNotSent: "Préférences enregistrées, mais le mail de confirmation n'a pas pu partir : réessayez avec « Renvoyer le lien ».",
  emailDeferred: (email: string, wait: string) =>
    `Préférences enregistrées. Plusieurs liens de confirmation viennent d'être envoyés : aucun n'est parti vers ${email} pour l'instant. Demandez-le avec « Renvoyer le lien » dans ${wait}.`,
  emailResent: (email: string) => `Un nouveau lien de confirmation a été envoyé à ${email}.`,
  emailResendTooSoon: "Un lien de confirmation vient d'être envoyé : vérifiez votre boîte mail (et les indésirables).",
  emailNothingPending: "Aucune adresse en attente de confirmation.",
  emailUnavailable: "L'envoi d'e-mails n'est pas configuré sur ce serveur : les rappels par e-mail ne sont pas disponibles.",
  emailConfirmed: "Adresse confirmée : vos rappels y seront aussi envoyés.",
  emailBadLink:
    "Ce lien de confirmation n'est plus valable (déjà utilisé, expiré ou remplacé par un plus récent). Demandez-en un nouveau avec « Renvoyer le lien » dans vos préférences de notification.",
  emailSubject: "Confirmez votre adresse pour les rappels Planify",
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of "HH:MM". */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether a Paris time of day (minutes) falls in the quiet hours [start, end), which may span midnight. */
export function inQuietHours(minutes: number, quietStart: string, quietEnd: string): boolean {
  const s = minutesOf(quietStart);
  const e = minutesOf(quietEnd);
  return s < e ? minutes >= s && minutes < e : minutes >= s || minutes < e;
}

/** The first problem of a set of preferences, in French, or null when they can be saved. */
export function reminderPrefsProblem(p: ReminderPrefs): string | null {
  const times: [string, string][] = [
    ["L'heure de la veille (devoirs)", p.devoir.eveningTime],
    ["L'heure de la veille (examens)", p.exam.eveningTime],
    ["Le début des heures de silence", p.quietStart],
    ["La fin des heures de silence", p.quietEnd],
    ["L'heure du résumé", p.digestTime],
  ];
  for (const [label, time] of times) if (!TIME.test(time)) return REMINDER_MESSAGES.badTime(label);
  for (const h of [p.devoir.hoursBefore, p.exam.hoursBefore]) {
    if (!Number.isInteger(h) || h < 0 || h > REMINDER_LIMITS.maxHoursBefore) return REMINDER_MESSAGES.badHours;
  }
  if (p.quietStart === p.quietEnd) return REMINDER_MESSAGES.quietSame;
  const quiet = (t: string) => inQuietHours(minutesOf(t), p.quietStart, p.quietEnd);
  if (p.devoir.eveningBefore && quiet(p.devoir.eveningTime))
    return REMINDER_MESSAGES.inQuiet("L'heure de la veille (devoirs)", p.devoir.eveningTime);
  if (p.exam.eveningBefore && quiet(p.exam.eveningTime))
    return REMINDER_MESSAGES.inQuiet("L'heure de la veille (examens)", p.exam.eveningTime);
  if (p.digest && quiet(p.digestTime)) return REMINDER_MESSAGES.inQuiet("L'heure du résumé", p.digestTime);
  if (p.email !== null && (p.email.length > REMINDER_LIMITS.emailMaxLength || !isEmailAddress(p.email))) return REMINDER_MESSAGES.badEmail;
  const any = (l: ReminderLeads) => l.eveningBefore || l.hoursBefore > 0;
  if (p.enabled && !p.digest && !any(p.devoir) && !any(p.exam)) return REMINDER_MESSAGES.nothingChosen;
  return null;
}

// School holidays and « mode vacances »: limits, French messages and the date rules shared by
// the server (which refuses) and the web forms (which explain before sending).
export const HOLIDAY_LIMITS = {
  labelMax: 80,
  /** A period longer than this is a typo (the summer holidays are about 9 weeks). */
  maxDays: 100,
  /** The .ics file, as text: a zone's calendar over several years is a few tens of KB. */
  icsMaxChars: 400_000,
} as const;

export const HOLIDAY_SOURCES = ["manuel", "ics"] as const;
export type HolidaySource = (typeof HOLIDAY_SOURCES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a real calendar date "YYYY-MM-DD". */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Days from `a` to `b` (Paris dates), e.g. 2026-10-17 → 2026-11-01 is 15. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** « 17/10/2026 » from "2026-10-17". */
export const frenchDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export const HOLIDAY_MESSAGES = {
  created: "Période de vacances ajoutée.",
  updated: "Période de vacances modifiée.",
  deleted: "Période de vacances supprimée.",
  notFound: "Période de vacances introuvable : elle a peut-être déjà été supprimée.",
  labelMissing: "Indiquez un nom pour la période (par exemple « Vacances de la Toussaint »).",
  labelTooLong: `Le nom de la période dépasse ${HOLIDAY_LIMITS.labelMax} caractères.`,
  badDate: (what: string) => `${what} : indiquez une date valide (jj/mm/aaaa).`,
  endBeforeStart: "Le dernier jour doit être le même que le premier ou après lui.",
  tooLong: `Une période de vacances dure au plus ${HOLIDAY_LIMITS.maxDays} jours : vérifiez les dates.`,
  duplicate: "Cette période existe déjà (même nom, mêmes dates).",
  icsTooBig: "Fichier .ics trop volumineux (400 000 caractères au plus) : prenez le calendrier d'une seule zone.",
  icsNotCalendar:
    "Ce fichier n'est pas un calendrier iCalendar (.ics) lisible : téléchargez le calendrier scolaire de votre zone au format .ics.",
  icsNoHolidays:
    "Aucune période de vacances dans ce calendrier : il faut le calendrier scolaire d'une zone (événements « Vacances de … » sur des journées entières).",
  icsNotAllDay: (summary: string) =>
    `L'événement « ${summary} » n'est pas sur des journées entières : ce n'est pas un calendrier scolaire (DTSTART et DTEND doivent être des dates).`,
  icsBadPeriod: (summary: string) => `L'événement « ${summary} » a des dates incohérentes (fin avant le début ou période trop longue).`,
  icsManyZones: (zones: string) =>
    `Ce fichier mélange plusieurs zones (${zones}) : importez le calendrier de la seule zone de l'établissement.`,
  icsBadYear: "Année scolaire invalide : choisissez une année du fichier (par exemple 2026-2027).",
  icsNothingInYears: "Aucune période de ce calendrier ne tombe dans les années scolaires choisies.",
  imported: (added: number, replaced: number) =>
    `${added} période${added > 1 ? "s" : ""} importée${added > 1 ? "s" : ""} (${replaced} ancienne${replaced > 1 ? "s" : ""} période${replaced > 1 ? "s" : ""} importée${replaced > 1 ? "s" : ""} remplacée${replaced > 1 ? "s" : ""}).`,
  // « Mode vacances » and the holiday pause, for students (tutoiement).
  pauseBadDate: "Choisis une date valide pour la reprise de tes rappels.",
  pauseNotFuture: "Choisis une date après aujourd'hui.",
  pauseTooFar: "Tu peux mettre tes rappels en pause pour un an au plus.",
  paused: (until: string) => `Rappels en pause jusqu'au ${frenchDate(until)} inclus.`,
  resumed: "Rappels repris.",
  keepInHolidaysOn: "Tes rappels continueront pendant les vacances scolaires.",
  keepInHolidaysOff: "Tes rappels s'arrêteront pendant les vacances scolaires.",
} as const;

/** The first problem of a holiday period, in French, or null. */
export function holidayProblem(label: string, firstDay: string, lastDay: string): string | null {
  const name = label.trim();
  if (!name) return HOLIDAY_MESSAGES.labelMissing;
  if (name.length > HOLIDAY_LIMITS.labelMax) return HOLIDAY_MESSAGES.labelTooLong;
  if (!isCalendarDate(firstDay)) return HOLIDAY_MESSAGES.badDate("Premier jour");
  if (!isCalendarDate(lastDay)) return HOLIDAY_MESSAGES.badDate("Dernier jour");
  const days = daysBetween(firstDay, lastDay);
  if (days < 0) return HOLIDAY_MESSAGES.endBeforeStart;
  if (days + 1 > HOLIDAY_LIMITS.maxDays) return HOLIDAY_MESSAGES.tooLong;
  return null;
}

/** The problem of a « mode vacances » date (reminders paused through `until`, resuming the day after), or null. */
export function pauseProblem(until: string, today: string): string | null {
  if (!isCalendarDate(until)) return HOLIDAY_MESSAGES.pauseBadDate;
  if (until <= today) return HOLIDAY_MESSAGES.pauseNotFuture;
  // At most a year ahead: the same date next year (string order is date order).
  if (until > `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`) return HOLIDAY_MESSAGES.pauseTooFar;
  return null;
}

/** The holiday period containing a Paris date, if any. */
export function holidayOn<T extends { firstDay: string; lastDay: string }>(holidays: readonly T[], date: string): T | undefined {
  return holidays.find((h) => h.firstDay <= date && date <= h.lastDay);
}

/** A school's own timetable read from an iCalendar address (ADE, Hyperplanning, Google Agenda…). */

export const SCHOOL_TIMETABLE_LIMITS = {
  urlMax: 2_000,
  /** Biggest calendar file read (a whole year of a university's timetable fits). */
  bodyBytes: 5 * 1024 * 1024,
  fetchTimeoutMs: 10_000,
  /** Calendars are read again after this long; until then the cached copy answers. */
  cacheMs: 60 * 60 * 1000,
  /** Widest span asked at once (a month view with its edges). */
  maxRangeDays: 42,
  /** Occurrences of one recurring lesson expanded at most per request. */
  maxOccurrences: 500,
  titleMax: 200,
  locationMax: 200,
  descriptionMax: 2_000,
} as const;

export const SCHOOL_TIMETABLE_MESSAGES = {
  badUrl: "Adresse invalide : elle doit commencer par https:// ou http://.",
  privateHost: "Adresse refusée : elle mène à un réseau privé. Demandez à l'administration de l'ajouter pour votre classe.",
  unreachable: "Calendrier injoignable : vérifiez l'adresse ou réessayez plus tard.",
  tooBig: "Calendrier trop volumineux (5 Mo au plus).",
  notCalendar: "Ce lien ne donne pas un calendrier iCalendar (.ics).",
  saved: "Emploi du temps enregistré.",
  removed: "Emploi du temps retiré.",
  badRange: "Période invalide (6 semaines au plus).",
  badClass: "Année ou groupe inconnu.",
  notFound: "Aucun emploi du temps pour cette classe.",
} as const;

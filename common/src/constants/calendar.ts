/** The personal calendar feed (iCalendar) of the tasks a user sees. */

/** Tasks older than this many days stay out of the feed: calendars keep what they already read. */
export const CALENDAR_FEED_PAST_DAYS = 180;
/** Length of the secret in the feed's address (base62, about 190 bits). */
export const CALENDAR_SECRET_LENGTH = 32;
/** Calendar apps poll: the feed says to come back every hour at most. */
export const CALENDAR_REFRESH_MINUTES = 60;

export const CALENDAR_MESSAGES = {
  regenerated: "Nouveau lien créé : l'ancien ne fonctionne plus.",
  notFound: "Calendrier introuvable : le lien a peut-être été régénéré.",
  copied: "Lien copié.",
  copyFailed: "Copie impossible : sélectionnez le lien et copiez-le à la main.",
} as const;

/** The feed's address path for a secret (the only place that spells it). */
export const calendarFeedPath = (secret: string) => `/api/calendar/${secret}.ics`;

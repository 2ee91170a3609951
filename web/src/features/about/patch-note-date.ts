const SHORT = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "Europe/Paris" });

/** A note's date in short French form, on the Paris calendar ("20/11/2026"). */
export function patchNoteDate(iso: string): string {
  return SHORT.format(new Date(iso));
}

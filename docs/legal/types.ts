/**
 * A legal document written as data: scripts/lib/legal-docs.ts turns it into a .docx at
 * build time. In `body`, a string is a paragraph and an array of strings is a bullet list.
 */
export interface LegalSection {
  heading: string;
  body: (string | string[])[];
}

export interface LegalText {
  /** Shown under the title, e.g. the date of the last update. */
  subtitle: string;
  intro: string[];
  sections: LegalSection[];
}

/** Username key: trimmed, inner whitespace collapsed, lower case. Unique per account. */
export function usernameKey(username: string): string {
  return collapseSpaces(username).toLowerCase();
}

/** Trims and collapses runs of whitespace to one space. */
export function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

/** Secret-answer normalisation: trim, lower case, accents removed, inner spaces collapsed. */
export function normaliseAnswer(answer: string): string {
  return collapseSpaces(answer.normalize("NFD").replace(/\p{Diacritic}/gu, "")).toLowerCase();
}

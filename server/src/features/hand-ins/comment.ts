import { htmlText, sanitizeRichHtml } from "../../lib/sanitize";

/**
 * A feedback comment as stored: the rich-text allowlist of task descriptions, without images
 * (the sanitiser's output is normalised, so its <img> tags are found whole).
 */
export function cleanComment(html: string): string {
  const clean = sanitizeRichHtml(html, "note").replace(/<img\b[^>]*>/gi, "");
  // A comment that holds no text once cleaned ("<p></p>", "<br>") is no comment.
  return htmlText(clean.replace(/<br\s*\/?>/gi, " ")) === "" ? "" : clean;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** A stored comment as one line of plain text (the CSV): paragraphs and lines become spaces. */
export function commentText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>|<\/(p|div|li|h[1-4]|blockquote|pre)>/gi, " ");
  return htmlText(spaced)
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** Helpers to move between plain text and the HTML stored as a task description. */
const URL_RE = /\b(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/gi;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Plain text to HTML paragraphs; bare URLs become links. */
export function textToHtml(text: string): string {
  const trimmed = text.replace(/\r\n/g, "\n").trim();
  if (!trimmed) return "";
  return trimmed
    .split(/\n{2,}/)
    .map((para) => {
      const html = escapeHtml(para).replace(
        URL_RE,
        (url) => `<a href="${url}" target="_blank" rel="noopener noreferrer nofollow">${url}</a>`,
      );
      return `<p>${html.replace(/\n/g, "<br>")}</p>`;
    })
    .join("");
}

/** Visible text of an HTML description (for the plain editor and previews). */
export function htmlToText(html: string): string {
  if (!html) return "";
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/p>\s*<p[^>]*>/gi, "\n\n"), "text/html");
  return (doc.body.textContent ?? "").trim();
}

/** True when an HTML description holds no text and no image. */
export function isEmptyHtml(html: string): boolean {
  return !/<img\b/i.test(html) && htmlToText(html).length === 0;
}

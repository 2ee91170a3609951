import type { PopupForMe } from "@planify/common/schemas/popups";

/** Local storage key of the announcement shown but not yet acknowledged (spec 1 §4, §9). */
export const PENDING_POPUP_KEY = "planify.pendingPopup";

export interface PendingPopup extends PopupForMe {
  /** Whose it is: another account logging in on this browser must not see it. */
  userId: string;
}

/** The stored announcement of `userId`, if any. */
export function readPending(userId: string): PendingPopup | null {
  try {
    const p = JSON.parse(localStorage.getItem(PENDING_POPUP_KEY) ?? "null") as Partial<PendingPopup> | null;
    if (p && typeof p.id === "string" && typeof p.html === "string" && p.userId === userId) return p as PendingPopup;
  } catch {
    // Corrupt entry: treated as none.
  }
  return null;
}

export function writePending(popup: PendingPopup): void {
  localStorage.setItem(PENDING_POPUP_KEY, JSON.stringify({ id: popup.id, html: popup.html, userId: popup.userId }));
}

export function removePending(): void {
  localStorage.removeItem(PENDING_POPUP_KEY);
}

const DROPPED_ELEMENTS = "script, style, iframe, object, embed, frame, frameset, link, meta, base, form";
const URL_ATTRIBUTES = ["href", "src", "xlink:href", "action", "formaction"];

/**
 * Defence in depth: the server already sanitises announcements with an allowlist; this drops
 * scripts, event handlers and javascript: URLs again before the HTML reaches the page.
 */
export function stripDangerousHtml(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const el of Array.from(template.content.querySelectorAll(DROPPED_ELEMENTS))) el.remove();
  for (const el of Array.from(template.content.querySelectorAll("*"))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters hide "javascript:" from naive checks.
      const value = attr.value.replace(/[\s\u0000-\u001f]+/g, "").toLowerCase();
      if (name.startsWith("on") || (URL_ATTRIBUTES.includes(name) && /^(javascript|vbscript|data:text\/html)/.test(value))) {
        el.removeAttribute(attr.name);
      }
    }
    if (el.tagName === "A") {
      el.setAttribute("target", "_blank");
      el.setAttribute("rel", "noopener noreferrer");
    }
  }
  return template.innerHTML;
}

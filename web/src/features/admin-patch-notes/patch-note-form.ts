import type { PatchNote, PatchNoteBody } from "@planify/common/schemas/social";
import { isEmptyHtml } from "../../components/rich-text/html-text";

/** The editor's fields; `id` is set in edit mode. */
export interface NoteDraft {
  id: string | null;
  title: string;
  version: string;
  notify: boolean;
  html: string;
}

export const EMPTY_NOTE: NoteDraft = { id: null, title: "", version: "", notify: true, html: "" };

export const draftFromNote = (n: PatchNote): NoteDraft => ({
  id: n.id,
  title: n.title,
  version: n.version,
  notify: n.notify,
  html: n.html,
});

/** The body to send, or 'Titre et contenu requis'. */
export function noteBody(d: NoteDraft, published: boolean): PatchNoteBody | string {
  if (!d.title.trim() || isEmptyHtml(d.html)) return "Titre et contenu requis";
  return { title: d.title.trim(), version: d.version.trim(), html: d.html, notify: d.notify, published };
}

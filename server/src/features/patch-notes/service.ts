import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { PATCH_NOTE_TITLE_MAX, PATCH_NOTE_VERSION_MAX } from "@planify/common/constants/social";
import type { PatchNote, PatchNoteBody } from "@planify/common/schemas/social";
import type { AppDeps } from "../../deps";
import { patchNotes } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { htmlText, sanitizeRichHtml } from "../../lib/sanitize";
import { first } from "../../db/engine";
import type { DbOrTx } from "../../db/types";
import { publishLive } from "../../lib/live";

export const PATCH_NOTE_MESSAGES = {
  notFound: "Note introuvable",
  required: "Titre et contenu requis",
  titleTooLong: `Titre trop long (${PATCH_NOTE_TITLE_MAX} caractères au plus).`,
  versionTooLong: `Version trop longue (${PATCH_NOTE_VERSION_MAX} caractères au plus).`,
  created: "Note publiée.",
  draftCreated: "Brouillon enregistré.",
  updated: "Note mise à jour.",
  deleted: "Note supprimée.",
} as const;

type Row = typeof patchNotes.$inferSelect;

/** The one wire shape of a note; `createdAt` is the first publication time (drafts: when written). */
function present(row: Row): PatchNote {
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    version: row.version,
    html: row.html,
    notify: row.notify,
    published: row.published,
    createdAt: new Date(row.publishedAt ?? row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** The About list sorts on publication time; drafts (admins only) sort on when they were written. */
const shownAt = sql`COALESCE(${patchNotes.publishedAt}, ${patchNotes.createdAt})`;

/** Notes newest first: published ones for everyone, drafts too for admins. */
export async function listPatchNotes(deps: AppDeps, withDrafts: boolean): Promise<PatchNote[]> {
  const rows = await deps.db
    .select()
    .from(patchNotes)
    .where(withDrafts ? undefined : eq(patchNotes.published, true))
    .orderBy(desc(shownAt), desc(patchNotes.id));
  return rows.map(present);
}

async function findRow(deps: AppDeps, id: string, withDrafts: boolean): Promise<Row> {
  const row = await first(deps.db.select().from(patchNotes).where(eq(patchNotes.id, id)));
  // A draft does not exist for whoever may not see it.
  if (!row || (!row.published && !withDrafts)) throw notFound(PATCH_NOTE_MESSAGES.notFound);
  return row;
}

/** One note; a draft is "not found" for anyone but an admin. */
export async function getPatchNote(deps: AppDeps, id: string, withDrafts: boolean): Promise<PatchNote> {
  return present(await findRow(deps, id, withDrafts));
}

/** Trims and sanitises an editor's input; refuses a note without title or visible content. */
function cleanInput(input: PatchNoteBody) {
  const title = input.title.trim();
  const version = (input.version ?? "").trim();
  const html = sanitizeRichHtml(input.html, "note");
  if (!title || (!htmlText(html) && !/<img\b/i.test(html))) throw badRequest(PATCH_NOTE_MESSAGES.required);
  if (title.length > PATCH_NOTE_TITLE_MAX) throw badRequest(PATCH_NOTE_MESSAGES.titleTooLong);
  if (version.length > PATCH_NOTE_VERSION_MAX) throw badRequest(PATCH_NOTE_MESSAGES.versionTooLong);
  return { title, version, html };
}

/**
 * Stores a new note. The admin editor's one action is "publish", so a note is published
 * unless the body says `published: false`; it notifies unless `notify: false`.
 */
export async function createPatchNote(deps: AppDeps, input: PatchNoteBody, authorId: string): Promise<PatchNote> {
  const clean = cleanInput(input);
  const now = deps.now();
  const published = input.published ?? true;
  const row: Row = {
    id: newId(),
    ...clean,
    notify: input.notify ?? true,
    published,
    createdBy: authorId,
    createdAt: now,
    updatedAt: now,
    publishedAt: published ? now : null,
  };
  await deps.db.transaction(async (tx) => {
    await tx.insert(patchNotes).values(row);
    await announceNotes(tx, now, published);
  });
  return present(row);
}

/** Everyone's apps hear of a change to a published note; only staff's (the editor) of a draft's. */
const announceNotes = (tx: DbOrTx, at: number, published: boolean) =>
  publishLive(tx, at, "patch-note", published ? { all: true } : { staff: true });

/**
 * Replaces a note's content; omitted flags keep their value. The first publication time is
 * kept once set: editing or re-publishing a note does not make it "new" again for the dot.
 */
export async function updatePatchNote(deps: AppDeps, id: string, input: PatchNoteBody): Promise<PatchNote> {
  const clean = cleanInput(input);
  const now = deps.now();
  const before = await findRow(deps, id, true);
  const published = input.published ?? before.published;
  const patch = {
    ...clean,
    notify: input.notify ?? before.notify,
    published,
    updatedAt: now,
    publishedAt: before.publishedAt ?? (published ? now : null),
  };
  await deps.db.transaction(async (tx) => {
    await tx.update(patchNotes).set(patch).where(eq(patchNotes.id, id));
    await announceNotes(tx, now, published || before.published);
  });
  return present({ ...before, ...patch });
}

/** Deletes a note (drafts included). */
export async function deletePatchNote(deps: AppDeps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const gone = await tx.delete(patchNotes).where(eq(patchNotes.id, id)).returning({ published: patchNotes.published });
    if (!gone.length) throw notFound(PATCH_NOTE_MESSAGES.notFound);
    await announceNotes(tx, deps.now(), gone[0]!.published);
  });
}

/** The newest published note's id, first publication time and notify flag, or null. */
export async function latestPatchNoteMeta(deps: AppDeps) {
  const row = await first(
    deps.db
      .select({ id: patchNotes.id, publishedAt: patchNotes.publishedAt, notify: patchNotes.notify })
      .from(patchNotes)
      .where(and(eq(patchNotes.published, true), isNotNull(patchNotes.publishedAt)))
      .orderBy(desc(patchNotes.publishedAt), desc(patchNotes.id)),
  );
  return row ? { id: row.id, createdAt: new Date(row.publishedAt!).toISOString(), notify: row.notify } : null;
}

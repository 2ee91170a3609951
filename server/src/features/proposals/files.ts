import { and, count, eq, inArray } from "drizzle-orm";
import { PROPOSAL_FILES_MAX, PROPOSAL_MESSAGES as M } from "@planify/common/constants/proposals";
import { ATTACHMENT_EXTENSIONS, TASK_MESSAGES } from "@planify/common/constants/tasks";
import type { AppDeps } from "../../deps";
import { taskProposalFiles, taskProposals } from "../../db/schema";
import type { DbOrTx, Tx, UserRow } from "../../db/types";
import { first } from "../../db/engine";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { checkUploads, fileDownload, STORED_NAME_PATTERN } from "../../lib/files";
import { storeUploads } from "../../lib/stored-uploads";
import { storedPath, taskFileKey, taskFolderKey } from "../../lib/task-files";
import { assertAuthorMayWrite, assertCanRead, loadPending, loadProposal } from "./access";
import { announceProposal } from "./live";
import { isAuthor, isReviewer, type ProposalFileRow } from "./model";

/**
 * A proposal's files are stored where the attachments of the task its validation makes will be
 * (attachments/<proposal id>/…: the task takes the proposal's id), so a validation moves rows, never bytes.
 */
const STORED_NAME = new RegExp(STORED_NAME_PATTERN);

const keyOf = (f: Pick<ProposalFileRow, "proposalId" | "storedName">) =>
  taskFileKey({ kind: "attachment", taskId: f.proposalId, storedName: f.storedName });

/** Every proposal file a row points to (the start-up sweep keeps them, backups archive them). */
export async function referencedProposalFiles(deps: Pick<AppDeps, "db" | "uploadsDir">): Promise<Map<string, string>> {
  const rows = await deps.db
    .select({ storedName: taskProposalFiles.storedName, taskId: taskProposalFiles.proposalId })
    .from(taskProposalFiles);
  return new Map(rows.map((r) => [r.storedName, storedPath(deps, { ...r, kind: "attachment" })] as const));
}

async function fileCount(db: DbOrTx, proposalId: string): Promise<number> {
  return (await first(db.select({ n: count() }).from(taskProposalFiles).where(eq(taskProposalFiles.proposalId, proposalId))))?.n ?? 0;
}

/**
 * POST /events/proposals/{id}/attachments: the author or a reviewer adds files while it waits,
 * checked by extension AND content exactly as a task's attachments (lib/files), at most
 * PROPOSAL_FILES_MAX in all; nothing is left in storage when anything fails.
 */
export async function addProposalFiles(deps: AppDeps, user: UserRow, id: string, files: File[]): Promise<ProposalFileRow[]> {
  const p = await loadPending(deps.db, id);
  if (!isAuthor(user, p) && !isReviewer(user, p)) throw forbidden(M.authorOrReviewer);
  assertAuthorMayWrite(user, p);
  const checked = await checkUploads(files, ATTACHMENT_EXTENSIONS, deps.settings.maxUploadBytes);
  const assertRoom = async (db: DbOrTx) => {
    if ((await fileCount(db, id)) + checked.length > PROPOSAL_FILES_MAX) throw badRequest(M.tooManyFiles);
  };
  await assertRoom(deps.db);
  const at = deps.now();
  return await storeUploads(
    deps.storage,
    taskFolderKey("attachment", id),
    checked,
    (staged) =>
      deps.db.transaction(async (tx) => {
        // Reviewed or withdrawn meanwhile: its files would belong to nothing.
        const still = await first(tx.select({ status: taskProposals.status }).from(taskProposals).where(eq(taskProposals.id, id)));
        if (still?.status !== "pending") throw notFound(M.notFound);
        await assertRoom(tx);
        const rows = staged.map((s) => ({
          storedName: s.storedName,
          proposalId: id,
          originalName: s.originalName,
          ext: s.ext,
          size: s.size,
          createdAt: at,
        }));
        const inserted = await tx.insert(taskProposalFiles).values(rows).returning();
        await announceProposal(tx, at, p.row);
        return inserted;
      }),
    async (staged) => {
      await deps.db.transaction(async (tx) => {
        await tx.delete(taskProposalFiles).where(
          inArray(
            taskProposalFiles.storedName,
            staged.map((s) => s.storedName),
          ),
        );
      });
    },
  );
}

/** Only generated names can name a stored file; anything else (paths, original names) is unknown. */
export function storedNameOf(raw: string): string {
  if (!STORED_NAME.test(raw)) throw notFound(TASK_MESSAGES.fileNotFound);
  return raw;
}

async function streamFile(deps: AppDeps, row: ProposalFileRow): Promise<Response> {
  const info = await deps.storage.stat(keyOf(row));
  if (!info) throw notFound(TASK_MESSAGES.fileNotFound);
  return fileDownload(deps.storage.body(keyOf(row)), info.size, row.originalName, row.ext);
}

/** GET /events/proposals/{id}/files/{storedName}: a file of a proposal the caller may read. */
export async function downloadProposalFile(deps: AppDeps, user: UserRow, id: string, storedName: string): Promise<Response> {
  const p = await loadProposal(deps.db, id);
  await assertCanRead(deps, user, p);
  const row = await first(
    deps.db
      .select()
      .from(taskProposalFiles)
      .where(and(eq(taskProposalFiles.proposalId, id), eq(taskProposalFiles.storedName, storedName))),
  );
  if (!row) throw notFound(TASK_MESSAGES.fileNotFound);
  return await streamFile(deps, row);
}

/**
 * GET /uploads/events/{storedName}: the original client's path of a proposal's file (stored
 * names are unique). A proposal's file for whoever may read the proposal; else undefined (the
 * caller then looks for a task's attachment of that name).
 */
export async function downloadProposalFileNamed(deps: AppDeps, user: UserRow, storedName: string): Promise<Response | undefined> {
  const row = await first(deps.db.select().from(taskProposalFiles).where(eq(taskProposalFiles.storedName, storedName)));
  if (!row) return undefined;
  await assertCanRead(deps, user, await loadProposal(deps.db, row.proposalId));
  return await streamFile(deps, row);
}

/**
 * Runs `write` (which removes the proposal's file rows, or the proposal itself) in one
 * transaction, then removes the files from storage: rows first, so a crash in between leaves
 * files no row points to, which the start-up sweep removes.
 */
export async function removeProposalFiles(deps: AppDeps, id: string, write: (tx: Tx) => Promise<void>): Promise<void> {
  const files = await deps.db.transaction(async (tx) => {
    const rows = await tx.select().from(taskProposalFiles).where(eq(taskProposalFiles.proposalId, id));
    await write(tx);
    return rows;
  });
  await deps.storage.remove(files.map(keyOf));
}

/**
 * The yearly rollover, in its own transaction: every proposal still waiting is rejected with
 * the reason « Année scolaire clôturée » (its author reads it in their history) and its file
 * rows go. Answers the storage keys of those files, for `removeClosedProposalFiles` once the
 * transaction is committed.
 */
export async function closePendingProposals(tx: DbOrTx, at: number): Promise<string[]> {
  const waiting = tx.select({ id: taskProposals.id }).from(taskProposals).where(eq(taskProposals.status, "pending"));
  const files = await tx.select().from(taskProposalFiles).where(inArray(taskProposalFiles.proposalId, waiting));
  await tx.delete(taskProposalFiles).where(inArray(taskProposalFiles.proposalId, waiting));
  await tx
    .update(taskProposals)
    .set({ status: "rejected", rejectReason: M.yearClosed, reviewedAt: at, updatedAt: at })
    .where(eq(taskProposals.status, "pending"));
  return files.map(keyOf);
}

/** Removes from storage the files `closePendingProposals` took off (after its commit: a crash leaves files the sweep removes). */
export async function removeClosedProposalFiles(deps: Pick<AppDeps, "storage">, keys: string[]): Promise<void> {
  await deps.storage.remove(keys);
}

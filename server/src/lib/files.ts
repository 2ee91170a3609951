import { FILE_NAME_MAX, TASK_FILES_MAX } from "@planify/common/constants/tasks";
import { AppError, badRequest } from "./errors";
import { randomToken } from "./ids";
import type { StagedFile, Storage } from "./storage";

/**
 * The file's real type by its first bytes (file-type), as an extension, or undefined. The
 * detector is loaded on the first upload, not at start: most requests never need it, and
 * it weighs on the idle server's memory.
 */
export async function detectedExtension(file: Blob): Promise<string | undefined> {
  const { fileTypeFromBlob } = await import("file-type");
  return (await fileTypeFromBlob(file))?.ext;
}

/** Extensions the upload checks know; each is verified against the content. */
export type UploadExt = "pdf" | "doc" | "docx" | "zip" | "rar" | "png" | "jpg" | "jpeg" | "svg";

/** Is this content (file-type's answer, or undefined for text) acceptable for this extension? */
const CONTENT_MATCHES: Record<UploadExt, (detected: string | undefined) => boolean> = {
  pdf: (d) => d === "pdf",
  // Word 97–2003 files are Compound File Binary containers.
  doc: (d) => d === "cfb" || d === "doc",
  // A .docx is a zip; file-type names it docx when it finds the Word parts, zip otherwise.
  docx: (d) => d === "docx" || d === "zip",
  zip: (d) => d === "zip",
  rar: (d) => d === "rar",
  png: (d) => d === "png",
  jpg: (d) => d === "jpg",
  jpeg: (d) => d === "jpg",
  // SVG is text: no binary signature (or a bare XML one); the text itself is checked below.
  svg: (d) => d === undefined || d === "xml",
};

const MIME: Record<UploadExt, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  zip: "application/zip",
  rar: "application/vnd.rar",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  // Never rendered by the browser: an SVG can carry scripts.
  svg: "application/octet-stream",
};

/** The Content-Type a stored file of this extension is served with. */
export const fileMime = (ext: string): string => MIME[ext as UploadExt] ?? "application/octet-stream";

const LABELS: Record<UploadExt, string> = {
  pdf: "PDF",
  doc: "DOC",
  docx: "DOCX",
  zip: "ZIP",
  rar: "RAR",
  png: "PNG",
  jpg: "JPEG",
  jpeg: "JPEG",
  svg: "SVG",
};

/** A file that passed every check, ready to be written. */
export interface CheckedUpload {
  blob: Blob;
  originalName: string;
  ext: UploadExt;
  size: number;
}

/** The original name as data: no folders, no control characters, 200 characters at most. */
export function cleanOriginalName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if (clean.length <= FILE_NAME_MAX) return clean || "fichier";
  const dot = clean.lastIndexOf(".");
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
  return clean.slice(0, FILE_NAME_MAX - ext.length) + ext;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** True when a text file is an SVG document (optional XML prolog, comments and doctype first). */
async function looksLikeSvg(blob: Blob): Promise<boolean> {
  const bytes = new Uint8Array(await blob.slice(0, 64 * 1024).arrayBuffer());
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: blob.size > bytes.length });
  } catch {
    // Not valid UTF-8: not a text file.
    return false;
  }
  const head = text
    .replace(/^\uFEFF/, "")
    .replace(/^\s*<\?xml[^>]*\?>/i, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .replace(/^\s*<!DOCTYPE\s+svg[^>]*>/i, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .trimStart();
  return /^<svg[\s>/]/i.test(head);
}

/** Collects the uploaded files of a parsed multipart body, whatever the field names. */
export function filesFromBody(body: unknown): File[] {
  if (!body || typeof body !== "object") return [];
  const out: File[] = [];
  for (const value of Object.values(body as Record<string, unknown>)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v instanceof Blob) out.push(v as File);
  }
  return out;
}

/** "25 Mo", "1,5 Mo" or "512 Ko": the limit as users read it. */
function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} Mo`.replace(".", ",");
}

/**
 * Checks a whole request before anything is written (count, emptiness, size, type by
 * extension AND content). Throws a French 400, 413 or 415; never touches the disk.
 */
export async function checkUploads(files: File[], allowed: readonly UploadExt[], maxBytes: number): Promise<CheckedUpload[]> {
  if (files.length === 0) throw badRequest("Aucun fichier reçu.");
  if (files.length > TASK_FILES_MAX) throw badRequest(`${TASK_FILES_MAX} fichiers maximum par envoi.`);
  const accepted = [...new Set(allowed.map((e) => LABELS[e]))].join(", ");
  const checked: CheckedUpload[] = [];
  for (const file of files) {
    const originalName = cleanOriginalName(file.name ?? "");
    if (file.size === 0) throw badRequest(`Le fichier « ${originalName} » est vide.`);
    if (file.size > maxBytes) {
      throw new AppError("PAYLOAD_TOO_LARGE", `Le fichier « ${originalName} » dépasse la taille maximale (${sizeLabel(maxBytes)}).`);
    }
    const ext = extensionOf(originalName) as UploadExt;
    const refuse = () =>
      new AppError("UNSUPPORTED_MEDIA_TYPE", `Type de fichier non autorisé pour « ${originalName} ». Formats acceptés : ${accepted}.`);
    if (!allowed.includes(ext)) throw refuse();
    const detected = await detectedExtension(file);
    if (!CONTENT_MATCHES[ext](detected)) throw refuse();
    if (ext === "svg" && !(await looksLikeSvg(file))) throw refuse();
    checked.push({ blob: file, originalName, ext, size: file.size });
  }
  return checked;
}

/** Where the disk storage stages files (lib/storage/disk); kept here for the sweep and backups. */
export { STAGED_SUFFIX, STAGING_DIR } from "./storage/disk";

/** A checked file written to storage, not yet in place (its rows are not committed yet). */
export interface StagedUpload extends CheckedUpload {
  storedName: string;
  staged: StagedFile;
}

/**
 * Writes checked files, under generated names, so that they appear in `folder` once placed
 * (lib/storage: staged on disk, already under their key on S3). If any write fails, the
 * files already written are removed before the error goes on.
 */
export async function stageUploads(storage: Storage, folder: string, files: CheckedUpload[]): Promise<StagedUpload[]> {
  const staged: StagedUpload[] = [];
  try {
    for (const f of files) {
      const storedName = `${randomToken(18)}.${f.ext}`;
      staged.push({ ...f, storedName, staged: await storage.stage(`${folder}/${storedName}`, f.blob) });
    }
    return staged;
  } catch (error) {
    await discardUploads(staged);
    throw error;
  }
}

/**
 * Puts staged files in place (on disk a rename on the same file system: a file is either
 * fully there or not at all). On failure every one of them is taken back and the error goes on.
 */
export async function placeUploads(staged: StagedUpload[]): Promise<void> {
  try {
    for (const s of staged) await s.staged.place();
  } catch (error) {
    await discardUploads(staged);
    throw error;
  }
}

/** Removes staged files that will never be placed (the database refused their rows). */
export async function discardUploads(staged: StagedUpload[]): Promise<void> {
  await Promise.all(staged.map((s) => s.staged.discard()));
}

/** Generated stored names only: anything else cannot name a stored file. */
export const STORED_NAME_PATTERN = "^[A-Za-z0-9_-]{16,40}\\.(pdf|doc|docx|zip|rar|png|jpg|jpeg|svg)$";

/** `attachment` disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(name: string): string {
  const ascii =
    name
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\%;]/g, "_") || "fichier";
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Headers of every file download: always saved, never sniffed, never run. */
export function downloadHeaders(originalName: string, contentType: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Content-Disposition": attachmentDisposition(originalName),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
    "Cache-Control": "private, no-store",
  };
}

/** Streams a stored file (`body`, of `size` bytes) as a download under its original name. */
export function fileDownload(body: Blob | ReadableStream<Uint8Array>, size: number, originalName: string, ext: string): Response {
  const type = fileMime(ext);
  return new Response(body, { headers: { ...downloadHeaders(originalName, type), "Content-Length": String(size) } });
}

import type { ErrorCode, ErrorEnvelope } from "@planify/common/errors";
import { API_BASE, ApiError, authHeaders, handleUnauthorized, networkFailure, SESSION_EXPIRED } from "./api";
import type { ApiTarget, PostAnswer } from "./api/routes";
import type { paths } from "./api/schema.generated";
import { getDesktopBridge } from "./desktop-bridge";
import { saveWithDesktop } from "./desktop-files";

/** Progress of a transfer: `ratio` is null while the total size is unknown. */
export interface TransferProgress {
  loaded: number;
  total: number | null;
  ratio: number | null;
}

export type ProgressListener = (progress: TransferProgress) => void;

function toProgress(e: ProgressEvent): TransferProgress {
  const total = e.lengthComputable && e.total > 0 ? e.total : null;
  return { loaded: e.loaded, total, ratio: total ? Math.min(1, e.loaded / total) : null };
}

function readServerMessage(xhr: XMLHttpRequest): { message: string | null; code: ErrorCode | null } {
  try {
    const text = xhr.responseType === "" || xhr.responseType === "text" ? xhr.responseText : null;
    if (!text) return { message: null, code: null };
    const body = JSON.parse(text) as Partial<ErrorEnvelope>;
    return { message: typeof body.message === "string" ? body.message : null, code: typeof body.code === "string" ? body.code : null };
  } catch {
    // Not the JSON envelope (a proxy's HTML page): the caller falls back to its own sentence.
    return { message: null, code: null };
  }
}

async function blobMessage(blob: Blob): Promise<{ message: string | null; code: ErrorCode | null }> {
  try {
    // Error answers are the one envelope of common/errors.
    const body = JSON.parse(await blob.text()) as Partial<ErrorEnvelope>;
    return { message: typeof body.message === "string" ? body.message : null, code: typeof body.code === "string" ? body.code : null };
  } catch {
    // Not the JSON envelope (a proxy's HTML page): the caller falls back to its own sentence.
    return { message: null, code: null };
  }
}

function httpError(xhr: XMLHttpRequest, message: string | null, code: ErrorCode | null): ApiError {
  if (xhr.status === 401) {
    handleUnauthorized();
    return new ApiError(401, SESSION_EXPIRED, message, code);
  }
  const base = `Erreur ${xhr.status}: ${xhr.statusText}`;
  return new ApiError(xhr.status, message ? `${base} ${message}` : base, message, code);
}

/** Sends files (multipart, field `files` unless told) with upload progress; resolves the JSON answer. */
export function uploadFiles<P extends keyof paths>(
  to: ApiTarget<P>,
  files: File[],
  onProgress?: ProgressListener,
  field = "files",
): Promise<PostAnswer<P>> {
  const form = new FormData();
  for (const f of files) form.append(field, f, f.name);
  return uploadForm(to, form, onProgress);
}

/** Sends a multipart form (files and text fields) with upload progress; resolves the JSON answer. */
export function uploadForm<P extends keyof paths>(to: ApiTarget<P>, form: FormData, onProgress?: ProgressListener): Promise<PostAnswer<P>> {
  type T = PostAnswer<P>;
  return new Promise<T>((resolve, reject) => {
    if (navigator.onLine === false) return reject(networkFailure("POST"));
    const xhr = new XMLHttpRequest();
    xhr.open("POST", API_BASE + to.url);
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress?.(toProgress(e));
    xhr.onerror = () => reject(networkFailure("POST"));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: 1, total: 1, ratio: 1 });
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : null) as T);
        } catch {
          resolve(null as T);
        }
        return;
      }
      const { message, code } = readServerMessage(xhr);
      reject(httpError(xhr, message, code));
    };
    xhr.send(form);
  });
}

/** Keeps letters, digits, dot, underscore and hyphen of a file name. */
export function sanitiseFilename(name: string, fallback = "fichier"): string {
  const clean = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "");
  return clean.slice(0, 150) || fallback;
}

/** File name from a Content-Disposition header (RFC 5987 `filename*` first). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

export interface DownloadResult {
  blob: Blob;
  filename: string;
}

/** Fetches a file with download progress; the name comes from Content-Disposition. */
export function downloadFile(from: ApiTarget, onProgress?: ProgressListener, fallbackName = "fichier"): Promise<DownloadResult> {
  return new Promise<DownloadResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", API_BASE + from.url);
    xhr.responseType = "blob";
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.onprogress = (e) => onProgress?.(toProgress(e));
    xhr.onerror = () => reject(networkFailure("GET"));
    xhr.onload = async () => {
      const blob = xhr.response as Blob;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: blob.size, total: blob.size, ratio: 1 });
        const name = filenameFromDisposition(xhr.getResponseHeader("Content-Disposition")) ?? fallbackName;
        resolve({ blob, filename: name });
        return;
      }
      const { message, code } = await blobMessage(blob);
      reject(httpError(xhr, message, code));
    };
    xhr.send();
  });
}

/** Hands a downloaded blob to the browser as a saved file. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Downloads then saves a file; `sanitise` keeps only safe characters, as the server's ZIP
 * names do. In Planify Desktop the system save dialog comes first and the file streams
 * straight to disk; it resolves to the saved name ("" when the user cancelled).
 */
export async function downloadAndSave(
  from: ApiTarget,
  onProgress?: ProgressListener,
  opts: { fallbackName?: string; sanitise?: boolean } = {},
): Promise<string> {
  const bridge = getDesktopBridge();
  if (bridge) {
    const suggested = opts.sanitise ? sanitiseFilename(opts.fallbackName ?? "fichier") : (opts.fallbackName ?? "fichier");
    const url = new URL(API_BASE + from.url, window.location.href).href;
    const result = await saveWithDesktop(bridge, url, suggested, authHeaders(), onProgress);
    if (result.status === "failed") throw new ApiError(0, result.message, result.message);
    return result.status === "saved" ? result.name : "";
  }
  const { blob, filename } = await downloadFile(from, onProgress, opts.fallbackName);
  const name = opts.sanitise ? sanitiseFilename(filename, opts.fallbackName) : filename;
  saveBlob(blob, name);
  return name;
}

import { readFile, stat } from "node:fs/promises";
import { basename, extname } from "node:path";
import type { PickedFile, PickFilesRequest } from "../shared/ipc";

/** Largest file the picker hands to the page (the page then uploads it like a browser file). */
export const PICK_MAX_BYTES = 200 * 1024 * 1024;
/** Same cap as the web app's pickers (common TASK_FILES_MAX). */
export const PICK_MAX_FILES = 10;

const MIME: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  zip: "application/zip",
  rar: "application/vnd.rar",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
  csv: "text/csv",
  mp3: "audio/mpeg",
};

export interface OpenDialogOptions {
  title: string;
  buttonLabel: string;
  filters: { name: string; extensions: string[] }[];
  properties: ("openFile" | "multiSelections")[];
}

export interface PickDeps {
  /** The system open dialog; resolves to the chosen paths ([] when cancelled). */
  showOpenDialog(options: OpenDialogOptions): Promise<string[]>;
}

/** The system dialog options for a request: filtered to the allowed types, no "all files". */
export function openDialogOptions(req: PickFilesRequest): OpenDialogOptions {
  return {
    title: req.multiple ? "Choisir des fichiers" : "Choisir un fichier",
    buttonLabel: "Choisir",
    filters: [{ name: `Fichiers acceptés (${req.extensions.join(", ")})`, extensions: req.extensions }],
    properties: req.multiple ? ["openFile", "multiSelections"] : ["openFile"],
  };
}

/**
 * Shows the open dialog and reads the chosen files. A file of another type (some desktops
 * let the user type any name) or a too-large file is skipped; the page checks the list again
 * and the server checks content, as for a browser upload.
 */
export async function pickFiles(req: PickFilesRequest, deps: PickDeps): Promise<PickedFile[]> {
  const paths = await deps.showOpenDialog(openDialogOptions(req));
  const picked: PickedFile[] = [];
  for (const path of paths.slice(0, req.multiple ? PICK_MAX_FILES : 1)) {
    const ext = extname(path).slice(1).toLowerCase();
    if (!req.extensions.includes(ext)) continue;
    const info = await stat(path);
    if (!info.isFile() || info.size > PICK_MAX_BYTES) continue;
    picked.push({ name: basename(path), type: MIME[ext] ?? "", bytes: new Uint8Array(await readFile(path)) });
  }
  return picked;
}

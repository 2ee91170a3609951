import { readFileSync } from "node:fs";
import { configError } from "./types";

/**
 * A secret given inline or as a file (Docker secrets, systemd credentials), the `_FILE` idea of
 * the environment variables: `where` names the provider and `field` the inline field in French
 * messages; the file's trailing newline is dropped. Null when neither is given.
 */
export function readSecret(where: string, field: string, inline: string | undefined, file: string | undefined): string | null {
  if (inline && file) throw configError(`${where} : ${field} et ${field}File sont tous deux définis, gardez-en un seul.`);
  if (!file) return inline ?? null;
  const secret = readConfigText(`${where}.${field}File`, file).replace(/[\r\n]+$/, "");
  if (!secret) throw configError(`${where}.${field}File : le fichier ${file} est vide.`);
  return secret;
}

/** The text of a file the configuration names (a secret, a key, metadata), or a French refusal naming the field. */
export function readConfigText(field: string, path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    throw configError(`${field} : impossible de lire ${path}.`);
  }
}

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/;

/** An address the configuration gives: https://, or http:// on this machine only (a test or local provider). */
export function checkedUrl(field: string, value: string): string {
  try {
    new URL(value);
  } catch {
    throw configError(`${field} : adresse invalide (${value}).`);
  }
  if (!value.startsWith("https://") && !LOOPBACK.test(value))
    throw configError(`${field} : une adresse https:// est attendue (http:// seulement sur cette machine).`);
  return value;
}

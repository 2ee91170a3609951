import { badRequest } from "../../lib/errors";

/** The one file of a multipart field, or a 400 with `missing` when there is none. */
export function fileField(body: unknown, name: string, missing: string): File {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  if (!(first instanceof Blob) || first.size === 0) throw badRequest(missing);
  return first as File;
}

/** A text field of a multipart body ("" when absent or not text). */
export function textField(body: unknown, name: string): string {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : "";
}

import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { AppError, badRequest } from "../lib/errors";
import { jsonTooDeep } from "../lib/json-depth";
import { sessionUser } from "./auth";
import { bodyMaxBytes, bodyRuleFor, type BodyRule } from "./body-rules";

/** The rest of a refused body is never read: the connection ends with the answer. */
const CLOSE = { Connection: "close" };

export const BODY_MESSAGES = {
  notJson: "Format de requête non accepté : envoyez des données JSON.",
  notMultipart: "Envoyez les fichiers au format multipart/form-data.",
  filesNotHere: "Envoi de fichiers non accepté ici.",
  lengthMissing: "Longueur de requête manquante.",
  tooLarge: "Requête trop volumineuse.",
  tooSlow: "Requête trop lente : envoi interrompu.",
  tooDeep: "Données trop imbriquées.",
  unreadable: "Corps de requête illisible.",
} as const;

/** The media type without parameters, lower case ("" when absent). */
function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Refuses a body of the wrong type before reading it (415). */
function checkType(rule: BodyRule, type: string): void {
  let message: string | null = null;
  if (rule.kind === "multipart") message = type === "multipart/form-data" ? null : BODY_MESSAGES.notMultipart;
  else if (type.startsWith("multipart/")) message = BODY_MESSAGES.filesNotHere;
  else if (type !== "application/json") message = BODY_MESSAGES.notJson;
  if (message) throw new AppError("UNSUPPORTED_MEDIA_TYPE", message, CLOSE);
}

/**
 * Reads a body stream whole, but never more than `max` bytes (413) nor for longer than
 * `timeoutMs` in total (408): a client sending one byte every few seconds never goes idle
 * long enough for the server's idle timeout, so the total is what bounds it.
 */
export async function readCapped(stream: ReadableStream<Uint8Array>, max: number, timeoutMs: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("REQUEST_TIMEOUT", BODY_MESSAGES.tooSlow, CLOSE)), timeoutMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), expired]);
      if (done) break;
      total += value.byteLength;
      if (total > max) throw new AppError("PAYLOAD_TOO_LARGE", BODY_MESSAGES.tooLarge, CLOSE);
      chunks.push(value);
    }
  } catch (error) {
    void reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** JSON with its depth checked by a flat scan first, so no recursive code sees a deep body. */
function parseJson(bytes: Uint8Array): unknown {
  if (jsonTooDeep(bytes)) throw badRequest(BODY_MESSAGES.tooDeep);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest(BODY_MESSAGES.unreadable);
  }
}

/** Multipart fields by name (repeated names become arrays); text fields stay plain text. */
async function parseMultipart(bytes: Uint8Array, contentType: string): Promise<Record<string, unknown>> {
  let form: Awaited<ReturnType<Response["formData"]>>;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badRequest(BODY_MESSAGES.unreadable);
  }
  // No prototype: a field named "__proto__" is just a field.
  const body: Record<string, unknown> = Object.create(null);
  form.forEach((value, name) => {
    const previous = body[name];
    body[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  });
  return body;
}

/**
 * Every request body goes through here, once, in this order: session (for routes that need
 * one), media type, declared length, then the bytes themselves (size and time bounded),
 * depth, and only then the parser. Elysia's own parsers never see a body.
 */
export const bodyPlugin = (deps: AppDeps) =>
  new Elysia({ name: "body", seed: deps.instanceId }).onParse({ as: "global" }, async ({ request, route }) => {
    const rule = bodyRuleFor(request.method, route);
    const declared = request.headers.get("content-length");
    const hasBody = !!request.body && declared !== "0";
    if (rule.access === "session" && !(await sessionUser(deps, request))) {
      throw new AppError("UNAUTHORIZED", undefined, hasBody ? CLOSE : {});
    }
    // An empty body has no type to judge; routes without a body schema ignore it.
    if (!hasBody) return {};
    checkType(rule, mediaType(request));
    // Browsers always declare the length of JSON; a streamed one is refused outright.
    if (declared === null && rule.kind === "json" && /chunked/i.test(request.headers.get("transfer-encoding") ?? "")) {
      throw new AppError("BAD_REQUEST", BODY_MESSAGES.lengthMissing, CLOSE);
    }
    const max = bodyMaxBytes(rule, deps.settings);
    if (Number(declared) > max) throw new AppError("PAYLOAD_TOO_LARGE", BODY_MESSAGES.tooLarge, CLOSE);
    const bytes = await readCapped(request.body!, max, deps.bodyTimeoutMs ?? rule.timeoutMs);
    if (bytes.byteLength === 0) return {};
    return rule.kind === "json" ? parseJson(bytes) : parseMultipart(bytes, request.headers.get("content-type")!);
  });

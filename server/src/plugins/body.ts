import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { AppError, badRequest } from "../lib/errors";
import { jsonTooDeep } from "../lib/json-depth";
import { guardBeforeBody, sessionUser } from "./auth";
import { bodyMaxBytes, bodyRuleFor, type BodyRule } from "./body-rules";
// A refused body is not parsed: the answer goes out, a bounded rest is dropped, the connection ends.
import { CLOSE } from "./graceful-close";

export const BODY_MESSAGES = {
  notJson: "Format de requête non accepté : envoyez des données JSON.",
  notMultipart: "Envoyez les fichiers au format multipart/form-data.",
  notForm: "Format de requête non accepté : envoyez un formulaire (application/x-www-form-urlencoded).",
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
  else if (rule.kind === "form") message = type === "application/x-www-form-urlencoded" ? null : BODY_MESSAGES.notForm;
  else if (type.startsWith("multipart/")) message = BODY_MESSAGES.filesNotHere;
  else if (type !== "application/json") message = BODY_MESSAGES.notJson;
  if (message) throw new AppError("UNSUPPORTED_MEDIA_TYPE", message, CLOSE);
}

/** `work`, or a 408 once `deadline` (performance.now() time) has passed. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    const late = () => reject(new AppError("REQUEST_TIMEOUT", BODY_MESSAGES.tooSlow, CLOSE));
    timer = setTimeout(late, Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Hands `consume` the body as a stream that never yields more than `max` bytes (413) and
 * fails once `timeoutMs` have passed since reading began (408): a client sending one byte
 * every few seconds never goes idle long enough for an idle timeout, so the total is what
 * bounds it. The consumer (Bun's own parsers) buffers the body once; no extra copy is made.
 */
export async function readCapped<T>(
  source: ReadableStream<Uint8Array>,
  limits: { max: number; timeoutMs: number; contentType?: string; tooLarge?: string },
  consume: (body: Response) => Promise<T>,
): Promise<T> {
  const reader = source.getReader();
  const deadline = performance.now() + limits.timeoutMs;
  let total = 0;
  let failure: AppError | null = null;
  const capped = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await beforeDeadline(reader.read(), deadline);
        if (done) return controller.close();
        total += value.byteLength;
        if (total > limits.max) throw new AppError("PAYLOAD_TOO_LARGE", limits.tooLarge ?? BODY_MESSAGES.tooLarge, CLOSE);
        controller.enqueue(value);
      } catch (error) {
        // A client that hangs up mid-body is a bad request, not a server failure.
        failure = error instanceof AppError ? error : badRequest(BODY_MESSAGES.unreadable);
        // The body has already failed; its cancellation cannot fail more usefully.
        void reader.cancel().catch(() => {});
        controller.error(failure);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const headers = limits.contentType ? { "content-type": limits.contentType } : undefined;
  try {
    return await consume(new Response(capped, { headers }));
  } catch {
    throw failure ?? badRequest(BODY_MESSAGES.unreadable);
  }
}

/**
 * The body of a request that declared its length (already checked against the limit): the
 * HTTP parser never hands over more than that, so this only bounds the time (408), like
 * readCapped but without a stream wrapped around the body.
 */
async function readInTime(request: Request, timeoutMs: number): Promise<Uint8Array> {
  try {
    return await beforeDeadline(request.bytes(), performance.now() + timeoutMs);
  } catch (error) {
    // A client that hangs up mid-body is a bad request, not a server failure.
    throw error instanceof AppError ? error : badRequest(BODY_MESSAGES.unreadable);
  }
}

/** JSON with its depth checked by a flat scan first, so no recursive code sees a deep body. */
function parseJson(bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) return {};
  if (jsonTooDeep(bytes)) throw badRequest(BODY_MESSAGES.tooDeep);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest(BODY_MESSAGES.unreadable);
  }
}

/** An urlencoded form's fields by name (the first of a repeated name), without prototype. */
function parseForm(bytes: Uint8Array): Record<string, string> {
  const body: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) body[name] ??= value;
  return body;
}

/** Multipart fields by name (repeated names become arrays); text fields stay plain text. */
function multipartFields(form: Awaited<ReturnType<Response["formData"]>>): Record<string, unknown> {
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
    const guarded = await guardBeforeBody(deps, request, route, hasBody ? CLOSE : {});
    if (!guarded && rule.access === "session" && !(await sessionUser(deps, request))) {
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
    const tooLarge = rule.tooLarge ?? BODY_MESSAGES.tooLarge;
    if (Number(declared) > max) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge, CLOSE);
    const timeoutMs = deps.bodyTimeoutMs ?? rule.timeoutMs;
    if (rule.kind !== "multipart") {
      // A declared length is all Bun reads of the body: only time needs bounding then.
      const bytes =
        declared === null
          ? await readCapped(request.body!, { max, timeoutMs, tooLarge }, (body) => body.bytes())
          : await readInTime(request, timeoutMs);
      return rule.kind === "form" ? parseForm(bytes) : parseJson(bytes);
    }
    const contentType = request.headers.get("content-type")!;
    return multipartFields(await readCapped(request.body!, { max, timeoutMs, contentType, tooLarge }, (body) => body.formData()));
  });

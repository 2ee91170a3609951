import createClient, { type Client } from "openapi-fetch";
import { authHeaders, isSessionCall, type RequestOptions, send } from "../api";
import type { paths } from "./schema.generated";

/** What a call may ask beyond its path, parameters and body (see RequestOptions in ../api). */
export type CallOptions = Pick<RequestOptions, "anonymous" | "token" | "background" | "headers">;

/**
 * openapi-fetch hands over the Request it built from the typed path, parameters and body; this
 * sends it through the one transport of ../api (auth headers, offline, French errors), so the
 * typed client keeps every rule of api(): a non-2xx never comes back as `error`, it throws.
 */
function transport(opts: CallOptions) {
  return async (request: Request): Promise<Response> => {
    const headers: Record<string, string> = {};
    for (const [name, value] of request.headers) headers[name.toLowerCase()] = value;
    Object.assign(headers, authHeaders(opts.anonymous, opts.token), opts.headers);
    const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== null;
    const json = (headers["content-type"] ?? "").includes("json");
    const body = hasBody ? (json ? await request.text() : await request.blob()) : undefined;
    // Same origin: the address as api() sends it, path and query only.
    const url = new URL(request.url);
    return send(
      url.pathname + url.search,
      { method: request.method, headers, body, signal: request.signal },
      { sessionCall: isSessionCall(headers, opts), background: opts.background, signal: request.signal },
    );
  };
}

const baseUrl = () => (typeof location !== "undefined" ? location.origin : "http://localhost");

/** The typed client of the API: paths, parameters, bodies and answers from the generated `paths`. */
export const apiClient: Client<paths> = createClient<paths>({ baseUrl: baseUrl(), fetch: transport({}) });

/** The same client for a call with options of its own: anonymous, an explicit token, a background replay. */
export const apiClientWith = (opts: CallOptions): Client<paths> => createClient<paths>({ baseUrl: baseUrl(), fetch: transport(opts) });

/**
 * The answer of a typed call. The transport throws on every non-2xx, so `data` is the success
 * body (undefined for 204, as openapi-fetch reads it).
 */
export async function answerOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}

/**
 * Body serializer of the multipart routes: each field a text, a file or a list of files, as
 * the typed body declares them (file parts are Blob in the generated types).
 */
export function formData(body: Record<string, string | Blob | readonly Blob[] | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (typeof value === "string" || value instanceof Blob) form.append(name, value);
    else for (const part of value) form.append(name, part);
  }
  return form;
}

export type { paths };

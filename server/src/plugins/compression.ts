import { Elysia, StatusMap } from "elysia";
import { EncodedJson, jsonHeaders } from "../lib/http-cache";

const isJsonValue = (value: unknown) =>
  typeof value === "object" && value !== null && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);

/**
 * Every JSON answer over COMPRESS_MIN_BYTES is sent compressed when the client accepts it
 * (Bun's built-in zlib, through lib/http-cache's EncodedJson). Files and streams keep their
 * own handling: only plain objects and arrays, the values Elysia would serialise itself, are taken.
 */
export const compressionPlugin = () =>
  new Elysia({ name: "compression" }).mapResponse({ as: "global" }, ({ responseValue, request, set }) => {
    if (!isJsonValue(responseValue)) return;
    const { body, encoding } = new EncodedJson(responseValue as object).encoded(request.headers.get("accept-encoding"));
    Object.assign(set.headers, jsonHeaders(encoding));
    return new Response(body, { status: responseStatus(set.status) });
  });

/** set.status may be a number or a status name; Response wants the number. */
function responseStatus(status: number | keyof typeof StatusMap | undefined): number {
  if (typeof status === "number") return status;
  return status ? StatusMap[status] : 200;
}

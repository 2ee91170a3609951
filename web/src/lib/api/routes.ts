import type { paths } from "./schema.generated";

/** The `{name}` parameters of a route of the generated document. */
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
type ParamArgs<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: Record<ParamNames<P>, string>];

/**
 * Where a transfer of lib/transfer.ts goes (uploads with progress, downloads to disk, which
 * openapi-fetch does not do): a route of the generated document with its parameters filled
 * in, or an address the server gave. `url` is relative to /api, as transfer.ts sends it.
 */
export interface ApiTarget<P extends keyof paths | null = keyof paths | null> {
  readonly route: P;
  readonly url: string;
}

/** A route of the document, its path parameters typed and encoded: renaming the route fails the typecheck. */
export function routeOf<P extends keyof paths>(route: P, ...[params]: ParamArgs<P>): ApiTarget<P> {
  const values = (params ?? {}) as Record<string, string>;
  const url = route.replace(/^\/api/, "").replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
  return { route, url };
}

/** An address the server handed out in an answer (a hand-in's `url`), under /api. */
export function givenUrl(url: string): ApiTarget<null> {
  return { route: null, url: url.startsWith("/api/") ? url.slice(4) : url };
}

type JsonOf<R> = R extends { content: { "application/json": infer J } } ? J : never;
type Responses<P extends keyof paths> = paths[P] extends { post: { responses: infer R } } ? R : never;

/** The success answer of a POST route (200 or 201), as the document declares it. */
export type PostAnswer<P extends keyof paths> =
  | JsonOf<Responses<P>[200 & keyof Responses<P>]>
  | JsonOf<Responses<P>[201 & keyof Responses<P>]>;

import type { TSchema } from "@sinclair/typebox";

/** A route as Elysia lists it in `app.routes`: its method, path and declared schemas. */
export interface ListedRoute {
  method: string;
  path: string;
  /** `detail` is the route's own summary and description, written in French on the route. */
  hooks?: { body?: TSchema; response?: Record<string, TSchema>; detail?: { summary?: string; description?: string } };
}

/** Upload routes read multipart `files` (their bodies are judged by the files service). */
const MULTIPART = /\/(attachments|submissions)$/;

const STATUS_TEXT: Record<string, string> = {
  200: "Succès",
  201: "Créé",
  204: "Rien à afficher",
  400: "Requête refusée",
  401: "Session absente ou expirée",
  403: "Accès refusé",
  404: "Introuvable",
  409: "Conflit (déjà fait, déjà possédé…)",
  413: "Trop volumineux",
  415: "Type non accepté",
  429: "Trop de tentatives",
  500: "Erreur interne",
  503: "Serveur occupé : réessayer après Retry-After",
};

/** A TypeBox schema as plain JSON Schema (symbol keys such as Kind are dropped). */
const plain = (schema: TSchema) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

function responses(route: ListedRoute) {
  const out: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(route.hooks?.response ?? {})) {
    const json = plain(schema);
    const binary = json.format === "binary";
    out[status] = {
      description: STATUS_TEXT[status] ?? `Statut ${status}`,
      ...(status === "204" ? {} : { content: { [binary ? "application/octet-stream" : "application/json"]: { schema: json } } }),
    };
  }
  return out;
}

/** The OpenAPI 3.1 document of the API routes, built from the schemas each route declares. */
export function buildOpenApi(routes: ListedRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.path.startsWith("/api/") || route.method === "ALL") continue;
    const path = route.path.replace(/\/$/, "").replace(/:([^/]+)/g, "{$1}");
    const params = [...route.path.matchAll(/:([^/]+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const body = route.hooks?.body
      ? { required: true, content: { "application/json": { schema: plain(route.hooks.body) } } }
      : route.method === "POST" && MULTIPART.test(route.path)
        ? {
            required: true,
            content: {
              "multipart/form-data": {
                schema: { type: "object", properties: { files: { type: "array", items: { type: "string", format: "binary" } } } },
              },
            },
          }
        : undefined;
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
      tags: [path.split("/")[2] ?? "api"],
      ...(route.hooks?.detail?.summary ? { summary: route.hooks.detail.summary } : {}),
      ...(route.hooks?.detail?.description ? { description: route.hooks.detail.description } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responses(route),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Planify API",
      version,
      description: "API de Planify. Les erreurs suivent une seule enveloppe { success: false, message, code }.",
    },
    servers: [{ url: "/" }],
    components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    security: [{ bearerAuth: [] }],
    paths,
  };
}

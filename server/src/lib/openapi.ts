import type { TSchema } from "@sinclair/typebox";
import { ErrorEnvelope } from "@planify/common/errors";

/** Every error answer is the one envelope: declared once in components, referenced by each status. */
const ERROR_REF = { $ref: "#/components/schemas/ErrorEnvelope" } as const;

/** A route as Elysia lists it in `app.routes`: its method, path and declared schemas. */
export interface ListedRoute {
  method: string;
  path: string;
  /** `detail` is the route's own summary and description, written in French on the route. */
  hooks?: {
    body?: TSchema;
    params?: TSchema;
    query?: TSchema;
    response?: Record<string, TSchema>;
    detail?: { summary?: string; description?: string };
  };
}

const binary = { type: "string", format: "binary" } as const;
const files = { type: "array", items: binary } as const;
/**
 * The multipart upload routes and the form fields each reads (their services judge the parts,
 * with French messages, so the routes declare no body schema of their own).
 */
const MULTIPART: [RegExp, { properties: Record<string, unknown>; required: string[] }][] = [
  [/\/(attachments|submissions)$/, { properties: { files }, required: ["files"] }],
  [/\/items\/upload$/, { properties: { files }, required: ["files"] }],
  [
    /\/users\/upload-avatar$/,
    { properties: { avatar: binary, source: binary, crop: { type: "string", description: "Recadrage (JSON)" } }, required: ["avatar"] },
  ],
  [
    /\/users\/upload-music$/,
    {
      properties: { music: binary, title: { type: "string" }, startSeconds: { type: "string" }, durationSeconds: { type: "string" } },
      required: ["music"],
    },
  ],
];

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

/** TypeBox marks `t.Optional(X)` with this symbol: such a body may be left out. */
const isOptional = (schema: TSchema) => (schema as unknown as Record<symbol, unknown>)[Symbol.for("TypeBox.Optional")] === "Optional";

interface ObjectSchema {
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
}

/** Path and query parameters: the declared schema of each, a plain string when a path parameter has none. */
function parameters(route: ListedRoute) {
  const declared = route.hooks?.params ? (plain(route.hooks.params) as ObjectSchema).properties : undefined;
  const path = [...route.path.matchAll(/:([^/]+)/g)].map((m) => ({
    name: m[1] as string,
    in: "path",
    required: true,
    schema: declared?.[m[1] as string] ?? { type: "string" },
  }));
  const query = route.hooks?.query ? (plain(route.hooks.query) as ObjectSchema) : {};
  const queryParams = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...path, ...queryParams];
}

function requestBody(route: ListedRoute) {
  const declared = route.hooks?.body;
  if (declared) return { required: !isOptional(declared), content: { "application/json": { schema: plain(declared) } } };
  const multipart = route.method === "POST" ? MULTIPART.find(([re]) => re.test(route.path))?.[1] : undefined;
  if (!multipart) return undefined;
  return { required: true, content: { "multipart/form-data": { schema: { type: "object", ...multipart } } } };
}

function responses(route: ListedRoute) {
  const out: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(route.hooks?.response ?? {})) {
    const json = schema === ErrorEnvelope ? ERROR_REF : plain(schema);
    const isBinary = "format" in json && json.format === "binary";
    out[status] = {
      description: STATUS_TEXT[status] ?? `Statut ${status}`,
      ...(status === "204" ? {} : { content: { [isBinary ? "application/octet-stream" : "application/json"]: { schema: json } } }),
    };
  }
  return out;
}

/** The OpenAPI 3.1 document of the API routes, built from the schemas each route declares. */
export function buildOpenApi(routes: ListedRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  // OpenAPI wants each operationId once: /users-admin and /users/admin would both be getApiUsersAdmin.
  const used = new Set<string>();
  const operationId = (method: string, path: string) => {
    const base = `${method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}${n}`;
    used.add(id);
    return id;
  };
  for (const route of routes) {
    if (!route.path.startsWith("/api/") || route.method === "ALL") continue;
    const path = route.path.replace(/\/$/, "").replace(/:([^/]+)/g, "{$1}");
    const params = parameters(route);
    const body = requestBody(route);
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route.method, path),
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
    components: {
      schemas: { ErrorEnvelope: plain(ErrorEnvelope) },
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
    },
    security: [{ bearerAuth: [] }],
    paths,
  };
}

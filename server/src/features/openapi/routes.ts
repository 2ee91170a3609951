import { Elysia } from "elysia";
import { Type } from "@sinclair/typebox";
import type { AppDeps } from "../../deps";
import { buildOpenApi, type ListedRoute } from "../../lib/openapi";
import { replies } from "../../lib/responses";
import { referencePage } from "./reference-page";

const OpenApiDocument = Type.Object(
  {
    openapi: Type.String(),
    info: Type.Object({ title: Type.String(), version: Type.String(), description: Type.String() }),
    servers: Type.Array(Type.Object({ url: Type.String() })),
    components: Type.Record(Type.String(), Type.Unknown()),
    security: Type.Array(Type.Record(Type.String(), Type.Array(Type.String()))),
    paths: Type.Record(Type.String(), Type.Unknown()),
  },
  { description: "Document OpenAPI 3.1" },
);
const HtmlPage = Type.String({ format: "binary", description: "Page HTML" });

/**
 * GET /openapi.json and GET /reference: the API described from the schemas its routes
 * declare, for school IT and integrators. Built once, on first request, from the whole app.
 */
export const openapiRoutes = (deps: AppDeps, routes: () => unknown) => {
  let doc: ReturnType<typeof buildOpenApi> | null = null;
  const document = () => (doc ??= buildOpenApi(routes() as ListedRoute[], deps.settings.version));
  return new Elysia({ name: "openapi", seed: deps.instanceId })
    .get(
      "/openapi.json",
      () => new Response(JSON.stringify(document()), { headers: { "content-type": "application/json; charset=utf-8" } }),
      {
        response: replies({ 200: OpenApiDocument }),
      },
    )
    .get("/reference", () => new Response(referencePage(document()), { headers: { "content-type": "text/html; charset=utf-8" } }), {
      response: replies({ 200: HtmlPage }),
    });
};

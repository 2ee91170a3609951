import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/helpers";

const ctx = createTestApp();
afterAll(() => ctx.close());

interface Listed {
  method: string;
  path: string;
}
const apiRoutes = () => (ctx.app.routes as unknown as Listed[]).filter((r) => r.path.startsWith("/api/"));
const openapiPath = (path: string) => path.replace(/\/$/, "").replace(/:([^/]+)/g, "{$1}");

describe("GET /api/openapi.json", () => {
  it("lists every route with its response schemas and the error envelope, without a session", async () => {
    const res = await ctx.request("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> }>
      >;
    };
    expect(doc.openapi).toBe("3.1.0");
    for (const route of apiRoutes()) {
      const op = doc.paths[openapiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      const success = Object.keys(op!.responses).filter((s) => s.startsWith("2") || s.startsWith("3"));
      expect(success.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
      expect(op!.responses["404"]?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
    }
    // The wire items are in the document, as declared.
    const task = doc.paths["/api/events/{id}"]!.get!.responses["200"]!.content!["application/json"]!.schema.properties!.event as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(task.properties)).toEqual(expect.arrayContaining(["checkedBy", "archivedBy", "hiddenBy", "can"]));
  });

  it("declares what a typed client needs: query and path parameters, optional and multipart bodies, one error envelope, unique ids", async () => {
    const doc = (await (await ctx.request("GET", "/api/openapi.json")).json()) as {
      components: { schemas: { ErrorEnvelope: { properties: Record<string, unknown> } } };
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string;
            parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
            requestBody?: {
              required: boolean;
              content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
            };
          }
        >
      >;
    };
    expect(Object.keys(doc.components.schemas.ErrorEnvelope.properties)).toEqual(expect.arrayContaining(["success", "message", "code"]));
    // The query a route reads, with its declared schema and whether it is required.
    expect(doc.paths["/api/school-timetable/classes"]!.delete!.parameters).toEqual([
      expect.objectContaining({ name: "year", in: "query", required: true, schema: expect.objectContaining({ anyOf: expect.any(Array) }) }),
      expect.objectContaining({ name: "groupe", in: "query", required: true }),
    ]);
    expect(doc.paths["/api/events"]!.get!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "before", in: "query", required: false })]),
    );
    expect(doc.paths["/api/events/{id}"]!.get!.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
    // t.Optional(body): the body may be left out.
    expect(doc.paths["/api/events/{id}/hard-delete"]!.post!.requestBody!.required).toBe(false);
    expect(doc.paths["/api/events"]!.post!.requestBody!.required).toBe(true);
    // The multipart uploads name their fields.
    const avatar = doc.paths["/api/users/upload-avatar"]!.post!.requestBody!.content["multipart/form-data"]!.schema;
    expect(Object.keys(avatar.properties!)).toEqual(["avatar", "source", "crop"]);
    expect(avatar.required).toEqual(["avatar"]);
    expect(doc.paths["/api/items/upload"]!.post!.requestBody!.content["multipart/form-data"]!.schema.required).toEqual(["files"]);
    // OpenAPI wants each operationId once (/users-admin and /users/admin used to share one).
    const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/api/users/admin"]!.get!.operationId).not.toBe(doc.paths["/api/users-admin"]!.get!.operationId);
  });

  it("has a readable reference page that needs nothing from outside (no script, no remote asset)", async () => {
    const res = await ctx.request("GET", "/api/reference");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("Planify API — référence");
    expect(html).toContain("/api/coins/weekly-items");
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);
  });
});

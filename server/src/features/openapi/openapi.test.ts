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
      const success = Object.keys(op!.responses).filter((s) => s.startsWith("2"));
      expect(success.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
      expect(op!.responses["404"]?.content?.["application/json"]?.schema.properties).toHaveProperty("code");
    }
    // The wire items are in the document, as declared.
    const task = doc.paths["/api/events/{id}"]!.get!.responses["200"]!.content!["application/json"]!.schema.properties!.event as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(task.properties)).toEqual(expect.arrayContaining(["checkedBy", "archivedBy", "hiddenBy", "can"]));
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

import { afterAll, describe, expect, it } from "vitest";
import { Elysia } from "elysia";
import { TaskResponse } from "@planify/common/schemas/tasks";
import { errorsPlugin } from "../src/plugins/errors";
import { replies } from "../src/lib/responses";
import { assertDeclared } from "./contract";
import { createTestApp, logRecorder } from "./helpers";

const ctx = createTestApp();
afterAll(() => ctx.close());

interface Listed {
  method: string;
  path: string;
  hooks?: { response?: Record<string, unknown> };
}
const apiRoutes = () => (ctx.app.routes as unknown as Listed[]).filter((r) => r.path.startsWith("/api/"));

describe("one contract: every route declares its answers", () => {
  it("lists the whole API (more than 70 routes)", () => {
    expect(apiRoutes().length).toBeGreaterThan(70);
  });

  it.each(apiRoutes().map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s declares a success schema and the error envelope",
    (_, route) => {
      const statuses = Object.keys(route.hooks?.response ?? {}).map(Number);
      // A browser route's success is a redirection (the ENT sign-in's 302).
      expect(statuses.some((s) => s >= 200 && s < 400)).toBe(true);
      expect(statuses).toEqual(expect.arrayContaining([400, 401, 403, 404, 500]));
    },
  );

  it("a route answering outside its schema fails as a logged 500, never reaching the client", async () => {
    const recorder = logRecorder();
    const deps = { ...ctx.deps, log: recorder.log, instanceId: "contract-wrong-answer" };
    const app = new Elysia()
      .use(errorsPlugin(deps))
      .get("/wrong", () => ({ success: true as const, event: { id: "x" } }) as never, { response: replies({ 200: TaskResponse }) });
    const res = await app.handle(new Request("http://localhost/wrong"));
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ success: false, code: "INTERNAL", message: "Erreur interne du serveur." });
    expect(recorder.text()).toContain("response outside its schema");
  });

  it("the test client refuses an answer outside the declared schema or an undeclared status", () => {
    expect(() => assertDeclared(ctx.app, "GET", "/api/health", 200, { status: "ok", version: "1" })).not.toThrow();
    expect(() => assertDeclared(ctx.app, "GET", "/api/health", 200, { status: "ok" })).toThrow(/outside its schema/);
    expect(() => assertDeclared(ctx.app, "GET", "/api/health", 418, {})).toThrow(/no response schema/);
    expect(() => assertDeclared(ctx.app, "GET", "/api/events/abc", 404, { success: false, message: "x", code: "NOPE" })).toThrow(
      /outside its schema/,
    );
  });
});
